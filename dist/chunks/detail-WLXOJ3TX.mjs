#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{notYet}from"./chunk-TWBG4GZZ.mjs";import"./chunk-YN6PVUCR.mjs";import"./chunk-UTHNGPBZ.mjs";var detail=notYet("detail","print the conversation and tool details of a time, turn or tool call");export{detail};
