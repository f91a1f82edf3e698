// The look of text links on the sign-in pages and their steps: underlined, 44 px tall for a finger.
export const textLinkStyles =
  "inline-flex min-h-11 items-center font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-950";
