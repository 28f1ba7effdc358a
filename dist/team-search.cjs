"use strict";var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var search_exports={};__export(search_exports,{searchTeam:()=>searchTeam});module.exports=__toCommonJS(search_exports);async function searchTeam(sql,r){return(await sql`
    SELECT id, kind, machine, user_name, session_id, at::text AS at, ts_rank_cd(tsv, q) AS rank,
           CASE WHEN length(text) <= 400
             THEN ts_headline('english', text, q, 'HighlightAll=true, StartSel=«, StopSel=»')
             ELSE ts_headline('english', text, q, 'MaxWords=40, MinWords=15, MaxFragments=3, StartSel=«, StopSel=»')
           END AS snippet
    FROM cairn_team_records, websearch_to_tsquery('english', ${r.query}) AS q
    WHERE project = ${r.project} AND tsv @@ q ${r.kind?sql`AND kind = ${r.kind}`:sql``}
    ORDER BY rank DESC, at DESC
    LIMIT ${r.limit}`).map(x=>({id:x.id,kind:x.kind,machine:x.machine,user:x.user_name,session:x.session_id,at:Number(x.at),rank:Number(x.rank),snippet:x.snippet}))}0&&(module.exports={searchTeam});
