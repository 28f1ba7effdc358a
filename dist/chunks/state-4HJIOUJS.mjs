#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{notYet}from"./chunk-TWBG4GZZ.mjs";import"./chunk-YN6PVUCR.mjs";import"./chunk-UTHNGPBZ.mjs";var state=notYet("state","print or edit this project's notebook (.claude/cairn/STATE.md)");export{state};
