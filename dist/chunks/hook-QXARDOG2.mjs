#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{UsageError}from"./chunk-M7YUYAPD.mjs";import{EVENT_NAMES}from"./chunk-XSQX5LAJ.mjs";import"./chunk-LVDYU2JB.mjs";import"./chunk-UTHNGPBZ.mjs";var hook={usage:["Usage: cairn hook <Event>   (reads the event JSON on stdin, prints the answer JSON)","","Claude Code runs this; you normally do not. Events:",`  ${EVENT_NAMES.join(", ")}`,"","It always exits 0 with a valid answer: on bad input, errors or timeouts it answers","with a no-op and writes a line to ~/.cairn/logs/cairn.log."].join(`
`),async run(){throw new UsageError("name the event, e.g. `cairn hook PostToolUse`")}};export{hook};
