export type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  text?: string;
  level?: 1 | 2;
  tone?: "light" | "dark";
};

export function SectionHeading({ id, eyebrow, title, text, level = 2, tone = "light" }: SectionHeadingProps) {
  const Heading = level === 1 ? "h1" : "h2";
  const dark = tone === "dark";
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p
          className={`mb-2 font-semibold text-sm uppercase tracking-wider ${dark ? "text-petal-100" : "text-petal-700"}`}
        >
          {eyebrow}
        </p>
      )}
      <Heading
        id={id}
        className={`text-balance font-bold text-3xl md:text-4xl ${dark ? "text-white" : "text-leaf-900"}`}
      >
        {title}
      </Heading>
      {text && <p className={`mt-4 text-pretty text-lg ${dark ? "text-leaf-50" : "text-stone-600"}`}>{text}</p>}
    </div>
  );
}
