#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{notYet}from"./chunk-TWBG4GZZ.mjs";import"./chunk-YN6PVUCR.mjs";import"./chunk-UTHNGPBZ.mjs";var mcp=notYet("mcp","serve search, detail and show to the agent over MCP (stdio)");export{mcp};
