const firstLetter = (word = "") => [...word][0] ?? "";

/** "María José Quishpe" -> "MJ"; a one-word name gives its first two letters. */
export function initialsOf(displayName: string, fallback = "") {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? firstLetter(words[0]) + firstLetter(words[1])
      : [...(words[0] ?? fallback.trim())].slice(0, 2).join("");
  return letters.toLocaleUpperCase("es-EC") || "?";
}
