#!/usr/bin/env python3
"""Parse a Markdown file as CommonMark (with GitHub tables) and print its
structure as JSON for the Swift tests: every token type, and the text of
headings, list items, emphasis and quotes as a reader sees it."""
import json
import sys

from markdown_it import MarkdownIt


def inline_text(token):
    out = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append("\n")
    return "".join(out)


def spans(token, kind):
    found, depth, current = [], 0, []
    for child in token.children or []:
        if child.type == kind + "_open":
            depth += 1
            current = []
        elif child.type == kind + "_close":
            depth -= 1
            found.append("".join(current))
        elif depth and child.type == "text":
            current.append(child.content)
    return found


def main(path):
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    tokens = MarkdownIt("commonmark").enable("table").parse(source)
    blocks, inline = [], []
    headings, sections = [], []
    section = None
    stack = []
    heading = None
    item = None
    for token in tokens:
        if token.type != "inline":
            blocks.append(token.type + (":" + token.tag if token.tag else ""))
        if token.type.endswith("_open"):
            stack.append(token.type)
        elif token.type.endswith("_close"):
            stack.pop()
        if token.type == "heading_open":
            heading = token.tag
        elif token.type == "list_item_open":
            item = {"lines": [], "strong": [], "em": [], "quote": [], "depth": stack.count("list_item_open")}
            if section is not None:
                section["items"].append(item)
        elif token.type == "list_item_close":
            item = None
        elif token.type == "inline":
            inline.extend(child.type for child in token.children or [])
            content = inline_text(token)
            if heading:
                headings.append({"level": heading, "text": content})
                section = {"level": heading, "heading": content, "items": [], "paragraphs": []}
                sections.append(section)
                heading = None
            elif item is not None:
                if "blockquote_open" in stack:
                    item["quote"].extend(content.split("\n"))
                else:
                    item["lines"].extend(content.split("\n"))
                item["strong"].extend(spans(token, "strong"))
                item["em"].extend(spans(token, "em"))
            elif section is not None:
                section["paragraphs"].append(content)
            else:
                sections.append({"level": None, "heading": None, "items": [], "paragraphs": [content]})
    print(json.dumps({"blocks": blocks, "inline": inline, "headings": headings, "sections": sections}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
