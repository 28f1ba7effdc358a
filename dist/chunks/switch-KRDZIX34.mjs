#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{findProjectDir}from"./chunk-EDTAR3QD.mjs";import{parse}from"./chunk-M7YUYAPD.mjs";import{color,out}from"./chunk-YN6PVUCR.mjs";import{setSwitch}from"./chunk-ZWNCOKPL.mjs";import{cairnPaths}from"./chunk-GLUNCRG6.mjs";import"./chunk-UTHNGPBZ.mjs";function toggle(on2){return{usage:`Usage: cairn ${on2?"on":"off"} [--project]

${on2?"Re-enables":"Disables"} cairn. Off, every hook answers with a no-op at once: Claude Code
behaves as if cairn were not installed, while the install stays in place.

  --project   only for the project around the current directory`,async run(argv){let{values}=parse(argv,{project:{type:"boolean"}}),projectDir=values.project?findProjectDir():void 0;setSwitch(cairnPaths(),on2,projectDir);let where=projectDir?`for ${projectDir}`:"globally";return out(`cairn is ${on2?color.green("on"):color.yellow("off")} ${where}`),0}}}var on=toggle(!0),off=toggle(!1);export{off,on};
