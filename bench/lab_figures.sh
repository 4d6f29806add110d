#!/usr/bin/env sh
# Every figure docs/balance.md quotes, played again: `sh bench/lab_figures.sh [WORKERS]`.
# Games already in the store are reused, so a second run only re-reads them; the pages
# and raw results go to bench/lab-figures/ (not in the repository). Seed 0 throughout.
set -eu
W="${1:-2}"
OUT="${OUT:-bench/lab-figures}"
mkdir -p "$OUT"
LAB="yuletide lab"
RUN="--workers $W --out $OUT --quiet"
for game in christmas-story untangle twinkling-lights jingle-bell-run christmas-lights \
    jolly-christmas looney-lights wheres-that-bulb blink check-the-box festival-of-lights \
    lights-on reindeers-nose deck-the-yard solo-lights; do
  $LAB report "$game" --games 500 $RUN
done
$LAB report jingle-bell-run --players 2 --games 500 --reference 60 $RUN --html "$OUT/jingle-bell-run-reference.html"
$LAB compare christmas-lights --players 2 --variant free_actions=0 --variant free_actions=1 --games 100 $RUN
$LAB compare jolly-christmas --players 3 --variant matching_lights=false --variant matching_lights=true --games 300 $RUN
$LAB sweep solo-lights --option strings=5..7 --games 500 $RUN
$LAB tune solo-lights --option strings=5..7 --option characters=4..6 --target "seat 0 wins=0.5" --budget 3000 $RUN
$LAB tournament twinkling-lights --players 2 --bots reference,medium --games 60 $RUN
# random play, for what the rules do when nobody pursues a goal (and the rules the bots never use)
$LAB report twinkling-lights --bots random --games 200 $RUN --html "$OUT/twinkling-lights-random.html"
$LAB compare christmas-lights --players 2 --bots random --variant free_actions=0 --variant free_actions=1 --games 30 $RUN --html "$OUT/christmas-lights-random-compare.html"
$LAB compare jingle-bell-run --players 2 --variant retreat=false --variant retreat=true --games 100 $RUN --html "$OUT/jingle-bell-run-compare.html"
$LAB compare jingle-bell-run --players 2 --bots random --variant retreat=false --variant retreat=true --games 30 $RUN --html "$OUT/jingle-bell-run-random-compare.html"
# on an idle machine only: the pool's efficiency measures the neighbours as much as the pool
$LAB scaling --game looney-lights --players 4 --bots medium --games 4000 --chunk 16 --alternate 3
