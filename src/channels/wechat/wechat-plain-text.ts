/**
 * The model's Markdown as the plain text a WeChat chat shows (it renders no Markdown): fences,
 * emphasis marks, heading marks and table rules dropped, links as `text (url)`, list bullets as
 * `•`. Code keeps its text exactly (only the fence lines go).
 */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/;

function plainLine(line: string): string {
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return '————';
  return line
    .replace(/^(\s*)#{1,6}\s+/, '$1')
    .replace(/^(\s*)[-*+]\s+/, '$1• ')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, alt: string, url: string) =>
      alt ? `${alt} (${url})` : url,
    )
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) =>
      label === url ? url : `${label} (${url})`,
    )
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1');
}

export function plainText(markdown: string): string {
  const out: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      continue;
    }
    if (inCode) out.push(line);
    else if (!TABLE_RULE.test(line)) out.push(plainLine(line));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
