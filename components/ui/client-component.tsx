"use client";

import { createElement, useEffect, useState, type ComponentType } from "react";

/**
 * A component whose code loads in the browser after the page, rendered once it has arrived:
 * like `next/dynamic(..., { ssr: false })`, but without React.lazy and Suspense. Used where the
 * part must appear whatever else the page is doing: during a power-dial session resumed after a
 * reload, React never retried the suspended lazy dialer (its code had loaded), so the rep had a
 * call and no dialer. A state update always renders.
 */
export function clientComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  function ClientComponent(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      loading ??= load();
      loading.then(
        (component) => {
          loaded = component;
          if (live) setLoaded(() => component);
        },
        () => {
          loading = null; // tried again on the next mount
        },
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    // One component for the page's lifetime (loaded once), so createElement is safe here.
    return Loaded ? createElement(Loaded, props) : null;
  }
  return ClientComponent;
}
