"""The API documentation page at ``/docs``, rendered on the server from the OpenAPI
document. FastAPI's own pages load Swagger UI or ReDoc from a CDN, and a Yuletide
page never fetches anything from the network: this one is plain HTML with no script."""

from __future__ import annotations

import html
from typing import Any

_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d2733; }
h1 { color: #8b1a1a; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccd; }
.op { margin: 1rem 0 1.5rem; } .method { display: inline-block; min-width: 4.5rem;
  font-weight: bold; color: #fff; background: #2d6a4f; border-radius: 4px; padding: 0 .4rem;
  text-align: center; } .method.post { background: #1d4e89; } .method.delete {
  background: #8b1a1a; } code, pre { font-family: ui-monospace, monospace; }
table { border-collapse: collapse; margin: .3rem 0 .8rem; } td, th { text-align: left;
  padding: .15rem .8rem .15rem 0; vertical-align: top; border-bottom: 1px solid #e4e6ee; }
"""


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[-1]
        found: dict[str, Any] = spec.get("components", {}).get("schemas", {}).get(name, {})
        return found
    return schema


def _type(spec: dict[str, Any], schema: dict[str, Any]) -> str:
    """A schema's type in a few words: ``integer or null``, ``list of SeatSpec``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " or ".join(_type(spec, s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return "list of " + _type(spec, schema.get("items", {}))
    return str(schema.get("type", "any"))


def _fields(spec: dict[str, Any], schema: dict[str, Any]) -> str:
    """An object schema as a table of its fields (and of the objects it refers to)."""
    schema = _resolve(spec, schema)
    required = set(schema.get("required", ()))
    rows = "".join(
        f"<tr><td><code>{html.escape(name)}</code>{' (required)' if name in required else ''}"
        f"</td><td>{html.escape(_type(spec, prop))}</td>"
        f"<td>{html.escape(str(prop.get('description', '')))}</td></tr>"
        for name, prop in schema.get("properties", {}).items()
    )
    table = f"<table><tr><th>field</th><th>type</th><th>meaning</th></tr>{rows}</table>"
    nested = [
        f"<p>{html.escape(_type(spec, prop.get('items', prop)))}:</p>"
        + _fields(spec, prop.get("items", prop))
        for prop in schema.get("properties", {}).values()
        if "$ref" in prop.get("items", prop)
    ]
    return table + "".join(nested)


def render(spec: dict[str, Any]) -> str:
    """The OpenAPI document ``spec`` as one HTML page."""
    info = spec.get("info", {})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(info.get('title', 'API'))}</title><style>{_STYLE}</style>",
        "</head><body>",
        f"<h1>{html.escape(info.get('title', 'API'))} {html.escape(info.get('version', ''))}</h1>",
        f"<p>{html.escape(info.get('description', ''))}</p>",
        "<p>The machine-readable document is at <a href='/openapi.json'>/openapi.json</a>.",
        " The live table's websocket protocol is described in docs/architecture.md.</p>",
    ]
    for path, ops in spec.get("paths", {}).items():
        parts.append(f"<h2><code>{html.escape(path)}</code></h2>")
        for method, op in ops.items():
            parts.append("<div class='op'>")
            parts.append(
                f"<span class='method {html.escape(method)}'>{html.escape(method.upper())}"
                f"</span> <b>{html.escape(op.get('summary', ''))}</b>"
            )
            if op.get("description"):
                parts.append(f"<p>{html.escape(op['description'])}</p>")
            params = op.get("parameters", [])
            if params:
                items = "".join(
                    f"<li><code>{html.escape(p.get('name', ''))}</code>"
                    f" ({html.escape(p.get('in', ''))})</li>"
                    for p in params
                )
                parts.append(f"<p>Parameters:</p><ul>{items}</ul>")
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                parts.append("<p>Request body (JSON):</p>")
                parts.append(_fields(spec, body.get("schema", {})))
            codes = ", ".join(html.escape(str(c)) for c in op.get("responses", {}))
            parts.append(f"<p>Responses: {codes}</p></div>")
    parts.append("</body></html>")
    return "".join(parts)
