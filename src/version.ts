/** Aibox's version, as `aibox --version` and `/healthz` report it (keep equal to package.json). */
export const VERSION = '0.1.0';
