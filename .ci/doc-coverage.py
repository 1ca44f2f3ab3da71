#!/usr/bin/env python3
"""Lists the public types that no topic group curates, and fails if there is any.

Usage: .ci/doc-coverage.py ARCHIVE.doccarchive...   (run by .ci/docs.sh after the DocC build)

A type is curated when a page of its catalog (the module's landing page, an article, or a type's
own Topics) lists it in a topic group written by hand; DocC's automatic groups ("Structures",
"Classes", …) do not count, since a reader cannot find a concept from them. Types and nested types
count; type aliases nested in a type (associated-type witnesses such as `Datatype`) and the types
of other modules that this one extends do not.
"""
import glob
import json
import os
import sys

TYPE_KINDS = {"struct", "class", "enum", "protocol", "typealias", "actor"}


def pages(archive):
    for path in glob.glob(os.path.join(archive, "data", "documentation", "**", "*.json"), recursive=True):
        with open(path, encoding="utf-8") as file:
            yield json.load(file)


def check(archive):
    all_pages = list(pages(archive))
    if not all_pages:
        print(f"error: no pages in {archive}", file=sys.stderr)
        return None
    extended = [p["identifier"]["url"] + "/" for p in all_pages if p.get("metadata", {}).get("symbolKind") == "extension"]
    curated = set()
    for page in all_pages:
        for section in page.get("topicSections", []):
            if not section.get("generated", False):
                curated.update(section.get("identifiers", []))
    missing = []
    types = 0
    for page in all_pages:
        metadata = page.get("metadata", {})
        if metadata.get("role") != "symbol" or metadata.get("symbolKind") not in TYPE_KINDS:
            continue
        url = page["identifier"]["url"]
        if any(url.startswith(prefix) for prefix in extended):
            continue
        # doc://Module/documentation/Module/Type[/Nested…]
        depth = len(url.split("/documentation/", 1)[1].split("/")) - 1
        if metadata.get("symbolKind") == "typealias" and depth > 1:
            continue
        types += 1
        if url not in curated:
            missing.append(url.split("/documentation/", 1)[1])
    return types, sorted(missing)


def main():
    failed = False
    for archive in sys.argv[1:]:
        result = check(archive)
        if result is None:
            failed = True
            continue
        types, missing = result
        name = os.path.basename(archive.rstrip("/"))
        if missing:
            failed = True
            print(f"error: {name}: {len(missing)} of {types} public types are in no topic group:")
            for url in missing:
                print(f"  {url}")
        else:
            print(f"ok: {name}: all {types} public types are in a topic group")
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        failed = True
    sys.exit(1 if failed else 0)


main()
