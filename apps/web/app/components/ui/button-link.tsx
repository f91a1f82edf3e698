import type { ComponentProps, KeyboardEvent } from "react";

export type ButtonLinkProps = ComponentProps<"a"> & { href: string };

/**
 * A link that people know as a button (`Solicitar información`, the carousel's arrows): its href does
 * the job in the page's HTML, before or without JavaScript; the script may do it better through
 * onClick (calling preventDefault). Space presses it as it presses a button.
 */
export function ButtonLink({ onKeyDown, onKeyUp, ...link }: ButtonLinkProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link, so that it works without JavaScript; named a button, as people and the contract know it
    <a
      role="button"
      {...link}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        // Space would scroll the page; the press happens when the key comes up, as on a button.
        if (event.key === " ") event.preventDefault();
        onKeyDown?.(event);
      }}
      onKeyUp={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key === " ") event.currentTarget.click();
        onKeyUp?.(event);
      }}
    />
  );
}
