import { shownRichText } from "@app/shared/constants";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text";

// As the pages get it: parsed by the server (shownRichText), drawn by the component.
const html = (source: string) => renderToStaticMarkup(createElement(RichText, { blocks: shownRichText(source) }));

describe("RichText", () => {
  it("renders paragraphs, line breaks, lists, bold, italic and links", () => {
    const out = html(
      "Uso:\n**Diluir** en *agua*\n\n- [Ficha](https://chrysal.com/ficha.pdf)\n- [Llamar](tel:+59322364100)\n\n3. Uno\n4. Dos",
    );
    expect(out).toContain(
      '<p>Uso:<br/><strong class="font-semibold">Diluir</strong> en <em class="italic">agua</em></p>',
    );
    expect(out).toMatch(/<ul class="list-disc[^"]*"><li><a href="https:\/\/chrysal.com\/ficha.pdf" rel="noopener"/);
    expect(out).toContain('<a href="tel:+59322364100" rel="noopener"');
    expect(out).toMatch(/<ol start="3" class="list-decimal[^"]*"><li>Uno<\/li><li>Dos<\/li><\/ol>/);
  });

  it("never renders HTML it is given, nor a link to a script", () => {
    const out = html(
      '<script>alert(1)</script> <img src=x onerror="alert(1)"> [clic](javascript:alert(1)) [dato](data:text/html,<b>x</b>) **[ok](JAVASCRIPT:alert(2))**',
    );
    expect(out).not.toMatch(/<script|<img|<b>/i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).not.toMatch(/href=|javascript:|data:/i);
    expect(out).toContain("clic");
    expect(out).toContain("dato");
  });
});
