#!/usr/bin/env bash
# Regenerates every media asset of the public website from the sources in
# this folder (no downloads, no stock material):
#   scenes.py        -> looping hero / Aqua Care videos, posters, og-image
#   illustrations.py -> product + service SVGs, favicon, apple-touch-icon
# Needs: python3, ffmpeg (with libvpx-vp9), rsvg-convert (librsvg2-bin), cwebp (webp).
#   apt-get install -y ffmpeg librsvg2-bin webp
# Usage: scripts/assets/generate-media.sh [--only-svg]
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PUB="$ROOT/apps/web/public"
MEDIA="$PUB/media"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

for tool in python3 ffmpeg rsvg-convert cwebp; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y ffmpeg librsvg2-bin webp)" >&2; exit 1; }
done
mkdir -p "$MEDIA/hero" "$PUB/images/products" "$PUB/images/services"

# --- Illustrations and icons (pure SVG, a few KB each) ----------------------
python3 "$HERE/illustrations.py" "$PUB" --touch-svg "$WORK/touch.svg"
rsvg-convert -w 180 -h 180 "$WORK/touch.svg" -o "$PUB/apple-touch-icon.png"
[[ "${1:-}" == "--only-svg" ]] && exit 0

# encode SRC_DIR OUT BITRATE
# Two-pass VP9 at a target bitrate: the scenes are soft gradients, so a low
# bitrate looks clean and two-pass lands the file size close to the target.
# -g equal to the loop length keeps a single keyframe at the loop start.
encode() {
  local src="$1" out="$2" rate="$3"
  local common=(-framerate 24 -i "$src/f%04d.png" -c:v libvpx-vp9 -b:v "$rate" -pix_fmt yuv420p
                -row-mt 1 -g 192 -an -passlogfile "$WORK/pass")
  ffmpeg -v error -y "${common[@]}" -pass 1 -deadline good -cpu-used 4 -f null /dev/null
  ffmpeg -v error -y "${common[@]}" -pass 2 -deadline good -cpu-used 1 -auto-alt-ref 1 -lag-in-frames 25 \
         -metadata title= "$out"
}

# webp SRC_PNG OUT MAX_BYTES : fixed high quality (q 86, sharp_yuv keeps the
# pink/green edges clean), stepping down only if the file would exceed its
# budget. These soft frames land far below budget, which helps the LCP.
webp() {
  local q=86
  while :; do
    cwebp -quiet -m 6 -sharp_yuv -q "$q" "$1" -o "$2"
    (( $(stat -c %s "$2") <= $3 || q <= 40 )) && break
    q=$(( q - 6 ))
  done
}

# --- Hero videos: 8 s at 24 fps = 192 frames, every scene loops seamlessly --
for i in 1 2 3 4 5; do
  echo "hero$i: rendering frames"
  python3 "$HERE/scenes.py" "hero$i" "$WORK/hero$i" --frames 192
  echo "hero$i: encoding"
  encode "$WORK/hero$i" "$MEDIA/hero/hero$i.webm" 330k
  if [[ $i == 1 ]]; then
    # Poster = the first frame of hero1, so swapping poster -> video is invisible.
    webp "$WORK/hero1/f0000.png" "$MEDIA/hero/hero-poster.webp" 45000
    # Portrait poster = the centred 2:3 crop that object-fit: cover shows on phones.
    ffmpeg -v error -y -i "$WORK/hero1/f0000.png" -vf "crop=480:720:400:0,scale=640:960:flags=lanczos" "$WORK/poster-mobile.png"
    webp "$WORK/poster-mobile.png" "$MEDIA/hero/hero-poster-mobile.webp" 25000
  fi
  rm -rf "$WORK/hero$i"
done

# --- Aqua Care (services page): 960x540, water theme ------------------------
echo "aqua-care: rendering frames"
python3 "$HERE/scenes.py" aqua "$WORK/aqua" --frames 192 --size 960x540
encode "$WORK/aqua" "$MEDIA/aqua-care.webm" 300k
webp "$WORK/aqua/f0000.png" "$MEDIA/aqua-care-poster.webp" 35000

# --- Open Graph image: 1200x630 JPEG of the centred rose bloom --------------
python3 "$HERE/scenes.py" og "$WORK/og" --only 24
ffmpeg -v error -y -i "$WORK/og/f0024.png" -vf "scale=1200:675:flags=lanczos,crop=1200:630:0:22" -q:v 4 "$PUB/images/og-image.jpg"

echo "done:"
ls -l "$MEDIA"/hero/* "$MEDIA"/aqua-care* "$PUB/images/og-image.jpg" "$PUB/favicon.svg" "$PUB/apple-touch-icon.png"
