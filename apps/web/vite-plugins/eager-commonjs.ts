import type { Plugin } from "vite";

// React, React DOM and the scheduler are CommonJS: the bundler wraps each in an arrow function that
// runs when the module is first required. V8 compiles an arrow only when it first runs, on the main
// thread: React DOM's client (~250 KB) was parsed there in one task of 60-100 ms at 4x CPU as the page
// started to hydrate. A parenthesised `function` expression is compiled eagerly, while the file
// streams in, off the main thread (V8's PIFE heuristic): measured 81 -> 51 ms (median, 375 px, 4x
// CPU; docs/decisions/038-commonjs-compiled-as-it-loads.md). Every wrapped module of the framework
// chunk runs as a page loads, so every one is worth compiling early.

const WRAPPER = /__commonJSMin\(\(\(([\w$, ]*)\) => \{/g;

/** Rewrites the CommonJS wrappers of chunk `chunkName` as parenthesised functions. */
export function eagerCommonJs(chunkName: string): Plugin {
  return {
    name: "eager-commonjs",
    apply: "build",
    // The server build keeps these packages in node_modules: only the browser's has the wrappers.
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code, chunk) {
      if (chunk.name !== chunkName) return null;
      let count = 0;
      const rewritten = code.replace(WRAPPER, (_wrapper, params: string) => {
        count += 1;
        return `__commonJSMin((function(${params}) {`;
      });
      // React DOM alone is two wrappers: none found means the bundler's output changed shape.
      if (count === 0) this.error(`eager-commonjs: no CommonJS wrapper found in chunk "${chunkName}"`);
      return { code: rewritten, map: null };
    },
  };
}
