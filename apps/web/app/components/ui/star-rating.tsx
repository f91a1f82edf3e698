import { Star } from "lucide-react";

export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`${rating} de ${max} estrellas`}>
      {Array.from({ length: max }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: stars are positional and never reorder
          key={index}
          className={`size-5 ${index < rating ? "fill-amber-400 text-amber-400" : "fill-stone-200 text-stone-200"}`}
          aria-hidden="true"
        />
      ))}
    </p>
  );
}
