/** Agent options the CLI passes down (plain data: they cross worker threads). */
export type AgentOptions = Record<string, string | number | boolean | undefined>;
