#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{notYet}from"./chunk-TWBG4GZZ.mjs";import"./chunk-YN6PVUCR.mjs";import"./chunk-UTHNGPBZ.mjs";var handoff=notYet("handoff","show (or write) what the next session in this project will receive");export{handoff};
