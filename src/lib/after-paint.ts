/**
 * Resolves after the browser's next paint: a frame's callbacks run just before it paints, and a
 * task queued from there runs after it. A hidden tab paints no frames, so a timer ends the wait
 * too.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

/** Resolves in a task of its own: the browser may paint and handle input before it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
