// A small, safe Markdown renderer for the games' rules pages: headings (with GitHub's
// anchors as ids), paragraphs, lists (nested by indentation), pipe tables, emphasis,
// strong, inline code, code blocks, block quotes, rules and links. It builds DOM nodes
// from text: nothing from the page is ever parsed as HTML, so a "<script>" in the text
// shows as text. Links go only to http(s), this site (/...) or an anchor (#...); a
// page's relative links (other.md#x) are kept only if the caller's `link` maps them.

import { h } from "./dom.js";

const INLINE = /(``(.+?)``|`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|\[([^\]]+)\]\(([^)\s]+)\))/;

function safeHref(url) {
  return typeof url === "string" && /^(https?:\/\/|\/(?!\/)|#)/.test(url) ? url : null;
}

/** GitHub's anchor for a heading: its text as shown, lower case, no punctuation,
 * spaces as hyphens ("Game Name: some-reading" is game-name-some-reading;
 * yuletide.docs.slug is the same function, for the tests). */
export function slug(heading) {
  return heading
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, "$1")
    .replace(/[`*]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Inline Markdown of one piece of text as DOM nodes; `link` maps a link's target
 * before it is checked (a relative page link to a route of this site). */
export function inline(text, link = (url) => url) {
  const out = [];
  let rest = text;
  while (rest) {
    const m = rest.match(INLINE);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index) out.push(rest.slice(0, m.index));
    const [all, , code2, code1, strong1, strong2, em1, em2, linkText, linkUrl] = m;
    if (code2 !== undefined || code1 !== undefined) out.push(h("code", null, code2 ?? code1));
    else if (strong1 !== undefined || strong2 !== undefined) out.push(h("strong", null, inline(strong1 ?? strong2, link)));
    else if (em1 !== undefined || em2 !== undefined) out.push(h("em", null, inline(em1 ?? em2, link)));
    else if (linkText !== undefined) {
      const href = safeHref(link(linkUrl));
      out.push(href ? h("a", { href, rel: "noopener" }, inline(linkText, link)) : inline(linkText, link));
    }
    rest = rest.slice(m.index + all.length);
  }
  return out;
}

const BULLET = /^(\s*)([*+-]|\d+[.)])\s+(.*)$/;

function listBlock(lines, start, link) {
  // lines[start] is a list item; gather the list (items and their indented follow-ups)
  const base = lines[start].match(BULLET)[1].length;
  const ordered = /\d/.test(lines[start].match(BULLET)[2]);
  const list = h(ordered ? "ol" : "ul");
  let i = start;
  let item = null;
  let buffer = [];
  const flush = () => {
    if (item && buffer.length) {
      item.append(...inline(buffer.join(" "), link));
      buffer = [];
    }
  };
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      // a blank line ends the list unless the next line continues it
      const next = lines[i + 1];
      if (next && (BULLET.test(next) || /^\s{2,}/.test(next)) && indent(next) >= base) {
        i += 1;
        continue;
      }
      break;
    }
    const m = line.match(BULLET);
    const ind = indent(line);
    if (m && m[1].length === base) {
      flush();
      item = h("li");
      list.append(item);
      buffer.push(m[3]);
      i += 1;
    } else if (m && m[1].length > base && item) {
      flush();
      const [sub, after] = listBlock(lines, i, link);
      item.append(sub);
      i = after;
    } else if (ind > base && item) {
      buffer.push(line.trim());
      i += 1;
    } else break;
  }
  flush();
  return [list, i];
}

const indent = (line) => line.match(/^\s*/)[0].length;

const TABLE_ROW = /^\s*\|/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** The cells of a table row: split at each | that is not escaped as \|. */
function cells(line) {
  const row = line.trim().replace(/^\|/, "").replace(/(^|[^\\])\|$/, "$1");
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

/** A pipe table (a | row, a |---| rule, then | rows) in a box that scrolls sideways. */
function tableBlock(lines, start, link) {
  const row = (tag, line) => h("tr", null, cells(line).map((c) => h(tag, null, inline(c, link))));
  const body = [];
  let i = start + 2;
  while (i < lines.length && TABLE_ROW.test(lines[i])) body.push(row("td", lines[i++]));
  const table = h("table", null, h("thead", null, row("th", lines[start])), h("tbody", null, body));
  return [h("div", { class: "table-box" }, table), i];
}

/** A whole Markdown document as a DocumentFragment. `options.link` maps each link's
 * target (the rules pages' other.md#anchor links to this site's routes); a target it
 * does not turn into http(s), /... or #... is shown as plain text. */
export function markdown(text, options = {}) {
  const link = options.link || ((url) => url);
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  const frag = document.createDocumentFragment();
  const ids = new Map(); // repeated headings get -1, -2, as on GitHub
  const heading = (level, title) => {
    const base = slug(title);
    const n = ids.get(base) || 0;
    ids.set(base, n + 1);
    return h(`h${level}`, { id: n ? `${base}-${n}` : base }, inline(title, link));
  };
  let i = 0;
  let para = [];
  const flushPara = () => {
    if (para.length) frag.append(h("p", null, inline(para.join(" "), link)));
    para = [];
  };
  while (i < lines.length) {
    const line = lines[i];
    const atx = line.match(/^(#{1,6})\s+(.*?)\s*#*$/);
    if (!line.trim()) {
      flushPara();
      i += 1;
    } else if (/^```/.test(line)) {
      flushPara();
      const code = [];
      i += 1;
      while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
      i += 1;
      frag.append(h("pre", null, h("code", null, code.join("\n"))));
    } else if (atx) {
      flushPara();
      frag.append(heading(Math.min(6, atx[1].length + 1), atx[2]));
      i += 1;
    } else if (TABLE_ROW.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      flushPara();
      const [table, after] = tableBlock(lines, i, link);
      frag.append(table);
      i = after;
    } else if (i + 1 < lines.length && /^(=+|-+)\s*$/.test(lines[i + 1]) && !BULLET.test(line) && !para.length) {
      frag.append(heading(lines[i + 1].startsWith("=") ? 2 : 3, line.trim()));
      i += 2;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushPara();
      frag.append(h("hr"));
      i += 1;
    } else if (/^\s*>/.test(line)) {
      flushPara();
      const quote = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) quote.push(lines[i++].replace(/^\s*>\s?/, ""));
      frag.append(h("blockquote", null, markdown(quote.join("\n"), options)));
    } else if (BULLET.test(line) && !para.length) {
      const [list, after] = listBlock(lines, i, link);
      frag.append(list);
      i = after;
    } else if (BULLET.test(line) && para.length && /^\s*[*+-]\s/.test(line)) {
      flushPara();
    } else {
      para.push(line.trim());
      i += 1;
    }
  }
  flushPara();
  return frag;
}
