#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{findProjectDir}from"./chunk-EDTAR3QD.mjs";import{parse}from"./chunk-M7YUYAPD.mjs";import{color,json,out}from"./chunk-YN6PVUCR.mjs";import{SETTINGS,loadConfig,projectConfigPath}from"./chunk-FQ4LA545.mjs";import"./chunk-LVDYU2JB.mjs";import{cairnPaths}from"./chunk-GLUNCRG6.mjs";import"./chunk-UTHNGPBZ.mjs";var config={usage:`Usage: cairn config [--json] [--docs]

Prints the effective config for the project around the current directory: each
setting, its value, and where that value came from:
  default   built into cairn
  user      ~/.cairn/config.yaml
  project   <project>/.claude/cairn.yaml (overrides user)

An invalid value is reported here (and by \`cairn doctor\`) and its default stays in
effect; the rest of the file still applies.

  --json   machine-readable output
  --docs   also print what each setting does`,async run(argv){let{values}=parse(argv,{json:{type:"boolean"},docs:{type:"boolean"}}),paths=cairnPaths(),projectDir=findProjectDir(),resolved=await loadConfig(paths,projectDir),keys=Object.keys(SETTINGS);if(values.json)return json({files:{user:paths.config,project:projectConfigPath(projectDir)},settings:Object.fromEntries(keys.map(k=>[k,{value:resolved.config[k],source:resolved.origin[k]}])),issues:resolved.issues}),resolved.issues.length>0?1:0;out(color.dim(`user: ${paths.config}`)),out(color.dim(`project: ${projectConfigPath(projectDir)}`));let width=Math.max(...keys.map(k=>k.length));for(let key of keys){let source=resolved.origin[key],tag=source==="default"?color.dim(source):color.cyan(source);out(`${key.padEnd(width)}  ${JSON.stringify(resolved.config[key])}  ${tag}`),values.docs&&out(color.dim(`${" ".repeat(width)}  ${SETTINGS[key].doc}`))}if(resolved.issues.length>0){out("");for(let i of resolved.issues)out(`${color.red("invalid")} ${i.path}${i.key?` ${i.key}`:""}: ${i.problem}`);return 1}return 0}};export{config};
