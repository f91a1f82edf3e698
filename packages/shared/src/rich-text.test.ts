import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isAllowedLinkAddress,
  parseRichText,
  RICH_TEXT_MESSAGES,
  type RichInline,
  richTextPlain,
  richTextProblems,
} from "./rich-text.ts";

const text = (value: string): RichInline => ({ type: "text", text: value });
/** The inline text of a source that is one paragraph. */
const inline = (source: string) => {
  const [block, ...rest] = parseRichText(source);
  expect(rest).toEqual([]);
  expect(block?.type).toBe("paragraph");
  return block?.type === "paragraph" ? block.children : [];
};

describe("parseRichText", () => {
  it("reads bold, italic with either mark, and links", () => {
    expect(inline("Con **Chrysal** y *agua* o _agua_.")).toEqual([
      text("Con "),
      { type: "strong", children: [text("Chrysal")] },
      text(" y "),
      { type: "em", children: [text("agua")] },
      text(" o "),
      { type: "em", children: [text("agua")] },
      text("."),
    ]);
    expect(inline("Vea la [Ficha técnica](https://chrysal.com/ficha.pdf).")).toEqual([
      text("Vea la "),
      { type: "link", href: "https://chrysal.com/ficha.pdf", children: [text("Ficha técnica")] },
      text("."),
    ]);
  });

  it("separates paragraphs by a blank line and keeps a single line break", () => {
    expect(parseRichText("Primera línea\nsegunda línea\n\n\nOtro párrafo")).toEqual([
      { type: "paragraph", children: [text("Primera línea"), { type: "break" }, text("segunda línea")] },
      { type: "paragraph", children: [text("Otro párrafo")] },
    ]);
    expect(parseRichText("Windows\r\nlínea\r\n\r\nfin")).toHaveLength(2);
    expect(parseRichText("")).toEqual([]);
  });

  it("makes lists of lines starting with a mark, one list across blank lines, apart from paragraphs", () => {
    expect(
      parseRichText(
        "Beneficios:\n- Prolonga la vida\n* **Agua** clara\n\n- Menos bacterias\nDosis:\n3. Diluir\n4. Aplicar",
      ),
    ).toEqual([
      { type: "paragraph", children: [text("Beneficios:")] },
      {
        type: "bulleted",
        items: [
          [text("Prolonga la vida")],
          [{ type: "strong", children: [text("Agua")] }, text(" clara")],
          [text("Menos bacterias")],
        ],
      },
      { type: "paragraph", children: [text("Dosis:")] },
      { type: "numbered", start: 3, items: [[text("Diluir")], [text("Aplicar")]] },
    ]);
    // A mark needs its space: these are sentences.
    expect(parseRichText("-5 °C\n*cursiva* al inicio\n2024.\n-")[0]?.type).toBe("paragraph");
  });

  it("nests bold, italic and links sensibly", () => {
    expect(inline("**[Ficha](https://x.ec)**")).toEqual([
      { type: "strong", children: [{ type: "link", href: "https://x.ec", children: [text("Ficha")] }] },
    ]);
    expect(inline("[**Ficha** *nueva*](tel:+59322364100)")).toEqual([
      {
        type: "link",
        href: "tel:+59322364100",
        children: [{ type: "strong", children: [text("Ficha")] }, text(" "), { type: "em", children: [text("nueva")] }],
      },
    ]);
    expect(inline("**negrita *y cursiva***")).toEqual([
      { type: "strong", children: [text("negrita "), { type: "em", children: [text("y cursiva")] }] },
    ]);
    expect(inline("***ambas***")).toEqual([{ type: "strong", children: [{ type: "em", children: [text("ambas")] }] }]);
    expect(inline("*a **b** c*")).toEqual([
      { type: "em", children: [text("a "), { type: "strong", children: [text("b")] }, text(" c")] },
    ]);
    // A mark inside a link closes nothing outside it.
    expect(inline("*ver [a*b](https://x.ec) hoy*")).toEqual([
      {
        type: "em",
        children: [text("ver "), { type: "link", href: "https://x.ec", children: [text("a*b")] }, text(" hoy")],
      },
    ]);
    // Balanced parentheses stay in the address.
    expect(inline("[Rosa](https://es.wikipedia.org/wiki/Rosa_(planta))")).toEqual([
      { type: "link", href: "https://es.wikipedia.org/wiki/Rosa_(planta)", children: [text("Rosa")] },
    ]);
  });

  it("keeps everything else as typed: unclosed marks, HTML, marks between spaces or inside words", () => {
    for (const literal of [
      "**sin cerrar",
      "*sin cerrar",
      "sin abrir**",
      "2 * 3 * 4",
      "juan_perez_v2@correo.ec",
      "<b>negrita</b> <script>alert(1)</script>",
      "[sin dirección]",
      "[](https://x.ec)",
      "[a](https://x.ec",
      "**** cuatro ****",
      "** espacio**",
    ]) {
      expect(inline(literal), literal).toEqual([text(literal)]);
    }
    expect(inline("[partido\n](https://x.ec)")).toEqual([text("[partido"), { type: "break" }, text("](https://x.ec)")]);
  });

  it("loses no letter of any mix of marks, and never leaves an empty or split text", () => {
    const units = ["*", "**", "***", "_", "[", "](", ")", "(", "a", "é", " ", "\n", "\n\n", "- ", "1. ", "tel:1"];
    const letters = (value: string) => value.replace(/[^aé]/g, "").length;
    const inTree = (nodes: RichInline[]): string =>
      nodes
        .map((node, index) => {
          if (node.type === "text") {
            expect(node.text).not.toBe("");
            expect(nodes[index + 1]?.type).not.toBe("text");
            return node.text;
          }
          if (node.type === "break") return "";
          return (node.type === "link" ? node.href : "") + inTree(node.children);
        })
        .join("");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 60 }), (parts) => {
        const source = parts.join("");
        const blocks = parseRichText(source);
        const tree = blocks.map((block) =>
          block.type === "paragraph" ? inTree(block.children) : block.items.map(inTree).join(""),
        );
        expect(letters(tree.join(""))).toBe(letters(source));
        expect(richTextPlain(source)).not.toMatch(/\n/);
      }),
      { numRuns: 500 },
    );
  });

  it("stays linear on long texts of unclosed or crowded marks", () => {
    const pathological = [
      "*a ".repeat(3400),
      "**a ".repeat(2500),
      "_a ".repeat(3400),
      "[a](".repeat(2500),
      "[".repeat(10_000),
      "(".repeat(10_000),
      "[a]".repeat(3400),
      "*_".repeat(5000),
      "*a* ".repeat(2500),
      "- [a](https://x.ec)\n".repeat(500),
    ];
    for (const source of pathological) {
      // The best of a few runs once warm: a quadratic parse would take a hundred times as long.
      const times = Array.from({ length: 10 }, () => {
        const started = performance.now();
        parseRichText(source);
        return performance.now() - started;
      });
      expect(Math.min(...times.slice(3)), source.slice(0, 8)).toBeLessThan(5);
    }
  });
});

describe("richTextPlain", () => {
  it("is the text without its marks, in one line, joined as sentences", () => {
    expect(richTextPlain("Solución **para el florero**.\nUna dosis por [litro](https://x.ec)")).toBe(
      "Solución para el florero. Una dosis por litro",
    );
    expect(richTextPlain("Beneficios:\n- Prolonga la vida\n- Agua clara\n\nCompre *hoy*")).toBe(
      "Beneficios: Prolonga la vida. Agua clara. Compre hoy",
    );
    expect(richTextPlain("**sin cerrar y <b>")).toBe("**sin cerrar y <b>");
  });
});

describe("links", () => {
  it("go to web pages, email addresses and telephone numbers only", () => {
    for (const href of ["https://chrysal.com", "HTTP://x.ec/a?b=1#c", "mailto:ventas@x.ec", "tel:+59322364100"]) {
      expect(isAllowedLinkAddress(href), href).toBe(true);
    }
    for (const href of ["javascript:alert(1)", "data:text/html,x", "/productos", "www.x.ec", "https://", "tel:", ""]) {
      expect(isAllowedLinkAddress(href), href).toBe(false);
    }
  });

  it("that go elsewhere are problems naming the link's text, once each", () => {
    expect(
      richTextProblems(
        "[Ficha técnica](javascript:alert(1)) y **[Ficha técnica](javascript:alert(1))**\n- [x](data:text/html,hola)",
      ),
    ).toEqual([
      "El enlace «Ficha técnica» debe empezar por https://, http://, mailto: o tel:",
      RICH_TEXT_MESSAGES.linkAddressInvalid("x"),
    ]);
    expect(richTextProblems("[Ver](/productos) [Llamar](tel: 02 236 4100) [Escribir]() [Web](https://)")).toEqual([
      RICH_TEXT_MESSAGES.linkAddressInvalid("Ver"),
      RICH_TEXT_MESSAGES.linkAddressSpaces("Llamar"),
      RICH_TEXT_MESSAGES.linkAddressMissing("Escribir"),
      RICH_TEXT_MESSAGES.linkAddressMissing("Web"),
    ]);
    expect(richTextProblems(`[${"palabra ".repeat(10)}](ftp://x)`)).toEqual([
      RICH_TEXT_MESSAGES.linkAddressInvalid("palabra palabra palabra palabra palabra…"),
    ]);
    expect(richTextProblems("**sin cerrar, [sin dirección], <script>")).toEqual([]);
  });
});
