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

/**
 * Resolves once `element` (marked with an `elementtiming` attribute before it was inserted) has
 * been presented on screen, in a task of its own. A frame is shown some time after the task that
 * painted it (its compositing, the display's next refresh), so the next paint alone may come
 * before the element is seen. Without Element Timing in the browser, or without the element, it
 * is the next paint; a hidden tab presents nothing, so a timer ends the wait too.
 */
export function afterPresented(element: Element | null, timeoutMs = 1000): Promise<void> {
  if (
    !element ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('element')
  ) {
    return afterNextPaint();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      setTimeout(resolve, 0);
    };
    // Buffered: the element may have been presented before this runs. Its own entry only: an
    // earlier copy of the page left entries of elements since removed.
    const observer = new PerformanceObserver((list) => {
      if (
        list
          .getEntries()
          .some((entry) => (entry as { element?: Element | null }).element === element)
      ) {
        done();
      }
    });
    observer.observe({ type: 'element', buffered: true });
    const timer = setTimeout(done, timeoutMs);
  });
}
