/** The brand's rose-and-leaf mark, drawn inline so the header needs no extra request. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#245c3a" />
      <path d="M16 7c3 2 5 4.5 5 8a5 5 0 0 1-10 0c0-3.5 2-6 5-8Z" fill="#e46b8e" />
      <path d="M16 11c1.6 1.2 2.6 2.6 2.6 4.4a2.6 2.6 0 0 1-5.2 0c0-1.8 1-3.2 2.6-4.4Z" fill="#fbe4ea" />
      <path
        d="M16 20v6M16 23c-2.5 0-4.5-1.5-5-3.5 2.5 0 4.5 1.2 5 3.5Zm0 0c2.5 0 4.5-1.5 5-3.5-2.5 0-4.5 1.2-5 3.5Z"
        stroke="#b9dec6"
        strokeWidth="1.4"
        fill="#b9dec6"
        strokeLinecap="round"
      />
    </svg>
  );
}
