/** What one answer of the model may hold (parse-answer.ts checks it; prompt.ts tells the model). */
export const MAX_OPERATIONS = 20;
export const SUMMARY_CHARS = 500;
export const JOURNAL_CHARS = 2000;
