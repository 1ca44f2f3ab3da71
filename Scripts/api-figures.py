#!/usr/bin/env python3
"""The primary modules' API figures (issue 29), computed from symbol graphs.

    Scripts/api-figures.py                 # builds symbol graphs into .build/api-figures, then counts
    Scripts/api-figures.py --graphs DIR    # counts from symbol graphs already in DIR

It prints, for the primary modules (SlateCore, SlateSchema and Slate, which re-exports
SlateSchema, with SlateMacros' extensions if any):
  1. the public members of `Connection` (methods, properties, initializers, subscripts, nested
     types and type aliases), by module and by kind;
  2. the public method names on `Connection` that register SQL functions, aggregates and
     collations;
  3. the public overloads that differ only in their return type (same parent, name and
     parameters);
  4. the public initializers of `Connection`.
Symbols declared in the compatibility modules (SlateSQLiteSwift, SlateDataLiteCore, SlateSwiftly)
are not counted: their graphs are skipped.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

PRIMARY = ("SlateCore", "SlateSchema", "Slate", "SlateMacros")
CONNECTION = "s:9SlateCore10ConnectionC"
PUBLIC = ("public", "open")
REGISTERS = re.compile(r"^(create|define)(Function|Aggregat|Collation|Window)|^add\((function|aggregate|collation):")


def build(directory):
    os.makedirs(directory, exist_ok=True)
    for target in PRIMARY:
        subprocess.run(
            ["swift", "build", "--target", target, "-Xswiftc", "-emit-symbol-graph",
             "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", directory],
            check=True, stdout=sys.stderr)


def primary_graphs(directory):
    """The graphs of the primary modules: `M.symbols.json` and `M@Other.symbols.json`."""
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".symbols.json"):
            continue
        module = name[: -len(".symbols.json")].split("@")[0]
        if module in PRIMARY:
            yield module, os.path.join(directory, name)


def text(fragments):
    return "".join(fragment["spelling"] for fragment in fragments or [])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graphs", help="a folder of symbol graphs already built")
    arguments = parser.parse_args()
    directory = arguments.graphs
    if directory is None:
        directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "api-figures")
        build(os.path.abspath(directory))

    symbols = {}
    members = collections.defaultdict(set)
    origin = {}
    for module, path in primary_graphs(directory):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") in PUBLIC:
                usr = symbol["identifier"]["precise"]
                symbols[usr] = symbol
                origin[usr] = module
        for relation in graph["relationships"]:
            if relation["kind"] == "memberOf":
                members[relation["target"]].add(relation["source"])

    connection = sorted(usr for usr in members[CONNECTION] if usr in symbols)
    by_module = collections.Counter(origin[usr] for usr in connection)
    by_kind = collections.Counter(symbols[usr]["kind"]["identifier"].replace("swift.", "") for usr in connection)
    names = sorted({symbols[usr]["names"]["title"] for usr in connection})
    print(f"Connection public members: {len(connection)} ({len(names)} names)")
    print("  by module: " + ", ".join(f"{module} {count}" for module, count in sorted(by_module.items())))
    print("  by kind:   " + ", ".join(f"{kind} {count}" for kind, count in sorted(by_kind.items())))

    registering = collections.defaultdict(list)
    for usr in connection:
        symbol = symbols[usr]
        if symbol["kind"]["identifier"] != "swift.method":
            continue
        title = symbol["names"]["title"]
        base = title.split("(")[0]
        if REGISTERS.search(title):
            key = title if title.startswith("add(") else base
            registering[key].append(f"{origin[usr]}: {title}")
    print(f"Method names that register functions, aggregates and collations: {len(registering)}")
    for name, overloads in sorted(registering.items()):
        print(f"  {name}: {len(overloads)} overload(s)")

    # The generic parameters each type declares: a method's other generic parameters are its own.
    type_generics = {
        tuple(symbol["pathComponents"]): {parameter["name"] for parameter in symbol.get("swiftGenerics", {}).get("parameters", [])}
        for symbol in symbols.values() if "functionSignature" not in symbol}
    groups = collections.defaultdict(list)
    for usr, symbol in symbols.items():
        signature = symbol.get("functionSignature")
        if signature is None or symbol["kind"]["identifier"] in ("swift.init",):
            continue
        # A protocol's default implementation, shown again on each conforming type, is one
        # declaration, not an overload.
        if "::SYNTHESIZED::" in usr:
            continue
        parameters = tuple(text(parameter.get("declarationFragments")) for parameter in signature.get("parameters", []))
        parent = tuple(symbol["pathComponents"][:-1])
        # Overloads in extensions with different `where` clauses never apply to the same value, so
        # the compiler and DocC tell them apart by their constraints.
        # A method's own generic parameters count as return-type overloading (the caller picks
        # them by the type it asks for), so only the other constraints tell overloads apart.
        generics = symbol.get("swiftGenerics", {})
        inherited = type_generics.get(parent, set())
        own = {parameter["name"] for parameter in generics.get("parameters", []) if parameter["name"] not in inherited}
        constraints = tuple(sorted(
            f"{c.get('lhs')} {c.get('kind')} {c.get('rhs')}" for c in generics.get("constraints", [])
            if c.get("lhs", "").split(".")[0] not in own))
        groups[(parent, symbol["names"]["title"], parameters, constraints)].append(symbol)
    clashes = []
    for (parent, title, _, _), overloads in sorted(groups.items()):
        returns = {text(symbol["functionSignature"].get("returns")) for symbol in overloads}
        if len(overloads) > 1 and len(returns) > 1:
            clashes.append(f"  {'.'.join(parent + (title,))}: returns " + " | ".join(sorted(returns)))
    print(f"Public overloads that differ only in their return type: {len(clashes)}")
    for line in clashes:
        print(line)

    initializers = sorted(
        symbols[usr]["names"]["title"] for usr in connection if symbols[usr]["kind"]["identifier"] == "swift.init")
    print(f"Connection initializers: {len(initializers)}")
    for title in initializers:
        print(f"  {title}")


if __name__ == "__main__":
    main()
