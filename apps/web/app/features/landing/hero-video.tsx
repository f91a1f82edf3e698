import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { afterPageLoad, motionAndDataAllowed } from "~/lib/use-motion-allowed";

export const HERO_POSTER = "/media/hero/hero-poster.webp";
export const HERO_POSTER_MOBILE = "/media/hero/hero-poster-mobile.webp";

/** The hero videos under public/media/hero (made by us), one of them chosen per visit. */
const HERO_VIDEOS = 5;
const randomVideo = () => `/media/hero/hero${1 + Math.floor(Math.random() * HERO_VIDEOS)}.webm`;

/**
 * The hero background: a poster image paints first (the page's largest paint); one of the five
 * videos, chosen at random, loads only after the page has loaded and fades in once it plays.
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string>();
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!motionAndDataAllowed()) return;
    return afterPageLoad(() => setSrc(randomVideo()));
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  };

  return (
    <>
      <picture>
        <source media="(max-width: 767px)" srcSet={HERO_POSTER_MOBILE} type="image/webp" />
        <img
          src={HERO_POSTER}
          alt=""
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      </picture>
      {src && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: decorative, without controls it is not focusable; the button below controls it
        <video
          ref={video}
          src={src}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          // One pixel shorter than the poster: the video shows the same scene, and a frame exactly
          // the poster's size would count as a new, later "largest paint" (LCP) instead of the poster.
          className={`absolute inset-x-0 top-0 h-[calc(100%-1px)] w-full object-cover transition-opacity duration-1000 ${
            playing ? "opacity-100" : "opacity-0"
          }`}
        >
          Tu navegador no soporta video HTML5.
        </video>
      )}
      {src && (
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? "Pausar video" : "Reproducir video"}
          className="absolute right-4 bottom-16 z-10 grid size-11 place-items-center rounded-full bg-black/40 text-white ring-1 ring-white/50 backdrop-blur-sm hover:bg-black/60 md:right-8 md:bottom-20"
        >
          {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
        </button>
      )}
    </>
  );
}
