#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{notYet}from"./chunk-TWBG4GZZ.mjs";import"./chunk-YN6PVUCR.mjs";import"./chunk-UTHNGPBZ.mjs";var search=notYet("search","full-text search across conversation, tool I/O and stored outputs");export{search};
