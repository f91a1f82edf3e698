import { useEffect, useRef, useState } from "react";
import { afterPageLoad, motionAndDataAllowed } from "~/lib/use-motion-allowed";

export type ServiceVideoProps = { src: string; poster: string; label: string };

/**
 * A service video: forced muted and started as soon as its metadata loads (spec section 2).
 * It loads only once the page has loaded and the video is near the screen; people who prefer
 * less motion or less data get the poster and the controls, and start it themselves.
 */
export function ServiceVideo({ src, poster, label }: ServiceVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [load, setLoad] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || !motionAndDataAllowed()) return;
    let observer: IntersectionObserver | undefined;
    const cancel = afterPageLoad(() => {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setLoad(true);
            observer?.disconnect();
          }
        },
        { rootMargin: "200px" },
      );
      observer.observe(video);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);

  return (
    <video
      ref={ref}
      poster={poster}
      muted
      loop
      playsInline
      controls
      preload={load ? "metadata" : "none"}
      aria-label={label}
      width={960}
      height={540}
      onLoadedMetadata={(event) => {
        const video = event.currentTarget;
        video.muted = true;
        if (load) void video.play().catch(() => {});
      }}
      className="aspect-video w-full rounded-3xl bg-leaf-900 object-cover"
    >
      {load && <source src={src} type="video/webm" />}
      Tu navegador no soporta video HTML5.
    </video>
  );
}
