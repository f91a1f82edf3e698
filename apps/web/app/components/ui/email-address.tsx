import { Fragment } from "react";

/**
 * An email address that wraps, in a narrow column, only where a reader expects it: after the `@`
 * and before a dot ("lorena.mejia@ / gmail.com"), not inside a word as `break-all` did. Only a part
 * longer than the column is wide still breaks inside, rather than push the table out of its card.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className="wrap-anywhere">
      {parts.map((part, index) => (
        // The parts of one address never move: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
