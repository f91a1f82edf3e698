import type { RichBlock, RichInline } from "@app/shared/constants";
import type { ReactNode } from "react";

// Staff's rich text (a product's description, a question's answer) as React elements: the tree of
// packages/shared/src/rich-text.ts, never HTML, so `<script>` or a stray `**` shows as typed.

const LIST = "space-y-1 pl-5 marker:text-leaf-700";
const LINK = "font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-950";

function Inline({ nodes }: { nodes: RichInline[] }): ReactNode {
  return nodes.map((node, index) => {
    // By position: the parts of a text never move.
    const key = `${index}-${node.type}`;
    if (node.type === "text") return node.text;
    if (node.type === "break") return <br key={key} />;
    if (node.type === "strong") {
      return (
        <strong key={key} className="font-semibold">
          <Inline nodes={node.children} />
        </strong>
      );
    }
    if (node.type === "em") {
      return (
        <em key={key} className="italic">
          <Inline nodes={node.children} />
        </em>
      );
    }
    return (
      <a key={key} href={node.href} rel="noopener" className={LINK}>
        <Inline nodes={node.children} />
      </a>
    );
  });
}

/** Paragraphs and lists, spaced; `className` sets the text's size and colour where it is shown. */
export function RichText({ blocks, className = "" }: { blocks: RichBlock[]; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      {blocks.map((block, index) => {
        const key = `${index}-${block.type}`;
        if (block.type === "paragraph") {
          return (
            <p key={key}>
              <Inline nodes={block.children} />
            </p>
          );
        }
        const items = block.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items of a text never move either
          <li key={itemIndex}>
            <Inline nodes={item} />
          </li>
        ));
        return block.type === "bulleted" ? (
          <ul key={key} className={`list-disc ${LIST}`}>
            {items}
          </ul>
        ) : (
          <ol key={key} start={block.start === 1 ? undefined : block.start} className={`list-decimal ${LIST}`}>
            {items}
          </ol>
        );
      })}
    </div>
  );
}
