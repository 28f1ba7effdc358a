#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import"./chunk-UTHNGPBZ.mjs";var parts={};export{parts};
