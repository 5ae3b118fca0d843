/** Structured logs: one JSON object per line on stdout. Never pass secrets or passwords. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export const jsonLogger: Logger = {
  info: (msg, fields) => console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg, ...fields })),
  warn: (msg, fields) => console.log(JSON.stringify({ time: new Date().toISOString(), level: "warn", msg, ...fields })),
  error: (msg, fields) =>
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg, ...fields })),
};

/** For tests that do not want request lines; errors still reach stderr. */
export const quietLogger: Logger = { info: () => {}, warn: jsonLogger.warn, error: jsonLogger.error };
