// A small, safe Markdown renderer for the games' documentation pages: headings,
// paragraphs, lists (nested by indentation), emphasis, strong, inline code, code
// blocks, block quotes, rules and links. It builds DOM nodes from text: nothing from
// the page is ever parsed as HTML, so a "<script>" in the text shows as text.

import { h } from "./dom.js";

const INLINE = /(``(.+?)``|`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|\[([^\]]+)\]\(([^)\s]+)\))/;

function safeHref(url) {
  return /^(https?:\/\/|\/|#)/.test(url) ? url : null;
}

/** Inline Markdown of one piece of text as DOM nodes. */
export function inline(text) {
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
    else if (strong1 !== undefined || strong2 !== undefined) out.push(h("strong", null, inline(strong1 ?? strong2)));
    else if (em1 !== undefined || em2 !== undefined) out.push(h("em", null, inline(em1 ?? em2)));
    else if (linkText !== undefined) {
      const href = safeHref(linkUrl);
      out.push(href ? h("a", { href, rel: "noopener" }, inline(linkText)) : inline(linkText));
    }
    rest = rest.slice(m.index + all.length);
  }
  return out;
}

const BULLET = /^(\s*)([*+-]|\d+[.)])\s+(.*)$/;

function listBlock(lines, start) {
  // lines[start] is a list item; gather the list (items and their indented follow-ups)
  const base = lines[start].match(BULLET)[1].length;
  const ordered = /\d/.test(lines[start].match(BULLET)[2]);
  const list = h(ordered ? "ol" : "ul");
  let i = start;
  let item = null;
  let buffer = [];
  const flush = () => {
    if (item && buffer.length) {
      item.append(...inline(buffer.join(" ")));
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
      const [sub, after] = listBlock(lines, i);
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

/** A whole Markdown document as a DocumentFragment. */
export function markdown(text) {
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  const frag = document.createDocumentFragment();
  let i = 0;
  let para = [];
  const flushPara = () => {
    if (para.length) frag.append(h("p", null, inline(para.join(" "))));
    para = [];
  };
  while (i < lines.length) {
    const line = lines[i];
    const heading = line.match(/^(#{1,6})\s+(.*?)\s*#*$/);
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
    } else if (heading) {
      flushPara();
      const level = Math.min(6, heading[1].length + 1);
      frag.append(h(`h${level}`, null, inline(heading[2])));
      i += 1;
    } else if (i + 1 < lines.length && /^(=+|-+)\s*$/.test(lines[i + 1]) && !BULLET.test(line) && !para.length) {
      frag.append(h(lines[i + 1].startsWith("=") ? "h2" : "h3", null, inline(line.trim())));
      i += 2;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushPara();
      frag.append(h("hr"));
      i += 1;
    } else if (/^\s*>/.test(line)) {
      flushPara();
      const quote = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) quote.push(lines[i++].replace(/^\s*>\s?/, ""));
      frag.append(h("blockquote", null, markdown(quote.join("\n"))));
    } else if (BULLET.test(line) && !para.length) {
      const [list, after] = listBlock(lines, i);
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
