// Loops in a graph of imports, for the lint scripts that hold modules apart. Plain Node.

/**
 * Nodes in a loop of imports: each strongly connected group of two or more, sorted (Tarjan).
 * @param {ReadonlyMap<string, Iterable<string>>} edges
 * @returns {string[][]}
 */
export function cyclesOf(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to])])].sort();
  // Every node is in both before it is read: `visit` sets them first.
  const index = new Map();
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  let next = 0;
  /** @param {string} node */
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      /** @type {string[]} */
      const group = [];
      let member;
      do {
        // Never empty before `node` comes off: it lies under the rest of its group.
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.sort(([a = ""], [b = ""]) => a.localeCompare(b));
}
