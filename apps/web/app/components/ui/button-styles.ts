// Class names for links and buttons that look like buttons; one place for the site's button look.
const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-5 py-3 font-semibold text-sm transition-colors duration-200 disabled:opacity-60";

export const buttonStyles = {
  primary: `${base} bg-petal-600 text-white hover:bg-petal-700`,
  secondary: `${base} bg-white text-leaf-900 ring-1 ring-leaf-200 hover:bg-leaf-50`,
  onDark: `${base} bg-white/10 text-white ring-1 ring-white/60 backdrop-blur-sm hover:bg-white/20`,
  ghost: `${base} text-leaf-800 hover:bg-leaf-50`,
  /** Destructive actions (delete, anonymise), once confirmed. */
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
} as const;
