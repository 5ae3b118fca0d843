/** A bad command line or environment: the message is for the person who typed it (exit code 2). */
export class ConfigError extends Error {}
