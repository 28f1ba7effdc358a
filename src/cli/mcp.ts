import { notYet } from "./not-yet.ts";

export const mcp = notYet("mcp", "serve search, detail and show to the agent over MCP (stdio)");
