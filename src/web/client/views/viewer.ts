/// <reference lib="dom" />
import type { ToolView } from "../../types.ts";
import { h, link } from "../dom.ts";
import { bytes, int, shortId, when } from "../format.ts";
import { route } from "../router.ts";

function pane(title: string, meta: string, body: string | null, empty: string, cls: string): HTMLElement {
  return h(
    "section",
    { class: `pane ${cls}` },
    h("h3", {}, title, h("span", { class: "sub" }, meta)),
    body === null ? h("p", { class: "muted" }, empty) : h("pre", { tabindex: 0 }, body),
  );
}

/** A tool call's original and what the model was shown, side by side (stacked when narrow). */
export function viewer(v: ToolView, close?: string): HTMLElement {
  const saved =
    v.originalBytes !== null && v.shownBytes !== null && v.originalBytes > 0
      ? ` · ${Math.round((1 - v.shownBytes / v.originalBytes) * 100)}% smaller`
      : "";
  const facts = [
    v.outputId !== null ? `#${v.outputId}` : null,
    v.compressor ? `compressor ${v.compressor}` : null,
    v.exitCode !== null ? `exit ${v.exitCode}` : null,
    when(v.at),
  ].filter(Boolean);
  return h(
    "article",
    { class: "viewer", "aria-label": "Tool output" },
    h(
      "header",
      {},
      h("h2", {}, v.toolName, " ", h("span", { class: "sub" }, v.label ?? v.input ?? "")),
      h(
        "p",
        { class: "sub" },
        facts.join(" · "),
        saved,
        " · session ",
        link(route(["session", v.sessionId]), h("code", {}, shortId(v.sessionId))),
        close ? h("a", { class: "close", href: `#${close}` }, "Close") : null,
      ),
    ),
    v.input ? h("details", {}, h("summary", {}, "Input"), h("pre", {}, v.input)) : null,
    h(
      "div",
      { class: "side-by-side" },
      pane(
        "Original",
        v.originalBytes !== null ? `${bytes(v.originalBytes)} · ${int(v.originalLines ?? 0)} lines` : "",
        v.original,
        "cairn did not file this output: the model was shown all of it.",
        "original",
      ),
      pane(
        v.original === null ? "Shown to the model" : "Shown to the model (excerpt)",
        bytes(v.shownBytes),
        v.shown,
        "Not recorded.",
        "shown",
      ),
    ),
    v.originalCut && v.showCommand !== null
      ? h("p", { class: "notice" }, `The original is cut here; \`${v.showCommand}\` prints all of it.`)
      : null,
  );
}
