import type { Page, Route } from "@playwright/test";

// The Google Maps JavaScript API cannot be reached here, and Google ships no offline mock. The
// specs intercept the script URL and answer it themselves: with an error (failed), not at all
// until told (loading), or with this small stand-in for the parts of the google.maps namespace
// @vis.gl/react-google-maps uses. The stand-in writes what it was asked to draw (map type,
// zoom, centre, marker) into the DOM so the specs can check it.
export const MAPS_SCRIPT = "https://maps.googleapis.com/maps/api/js**";

type StubMode = "ok" | "throw" | "authFailure";

function stubSource(mode: StubMode) {
  return `(() => {
  const src = new URL(document.currentScript.src);
  window.__mapsScriptUrl = src.href;
  window.__mapsScriptNonce = document.currentScript.nonce || "";
  const listeners = new Map();
  const event = {
    addListener(target, name, fn) {
      const list = listeners.get(target) || [];
      const entry = { name, fn };
      list.push(entry);
      listeners.set(target, list);
      return { remove() { const l = listeners.get(target) || []; l.splice(l.indexOf(entry), 1); } };
    },
    clearInstanceListeners(target) { listeners.delete(target); },
    trigger(target, name, ...args) {
      (listeners.get(target) || []).filter((e) => e.name === name).forEach((e) => e.fn(...args));
    },
  };
  class LatLng {
    constructor(lat, lng) { this._lat = typeof lat === "object" ? lat.lat : lat; this._lng = typeof lat === "object" ? lat.lng : lng; }
    lat() { return this._lat; }
    lng() { return this._lng; }
    toJSON() { return { lat: this._lat, lng: this._lng }; }
  }
  class MVCObject { addListener(name, fn) { return event.addListener(this, name, fn); } }
  class StubMap extends MVCObject {
    constructor(div, options) {
      super();
      ${mode === "throw" ? 'throw new Error("stub: the map cannot be drawn");' : ""}
      this.div = div;
      this.options = { ...options };
      this.draw();
    }
    draw() {
      const o = this.options;
      const c = o.center || { lat: 0, lng: 0 };
      this.div.setAttribute("data-stub-map", "");
      this.div.style.background = "linear-gradient(135deg, #cfe3c1, #e8dcb5 60%, #c9d9e8)";
      this.div.style.position = "relative";
      this.div.dataset.mapTypeId = String(o.mapTypeId);
      this.div.dataset.zoom = String(o.zoom);
      this.div.dataset.center = (typeof c.lat === "function" ? c.lat() : c.lat).toFixed(5) + "," + (typeof c.lng === "function" ? c.lng() : c.lng).toFixed(5);
    }
    setOptions(options) { Object.assign(this.options, options); this.draw(); }
    moveCamera(camera) { Object.assign(this.options, camera); this.draw(); }
    fitBounds() {}
    getDiv() { return this.div; }
    getCenter() { const c = this.options.center || { lat: 0, lng: 0 }; return new LatLng(c.lat, c.lng); }
    getZoom() { return this.options.zoom; }
    getHeading() { return 0; }
    getTilt() { return 0; }
    getBounds() { return undefined; }
    getMapTypeId() { return this.options.mapTypeId; }
  }
  class Marker extends MVCObject {
    constructor(options) { super(); this.options = { ...options }; this.el = null; }
    setMap(map) {
      if (this.el) { this.el.remove(); this.el = null; }
      if (!map) return;
      this.el = document.createElement("div");
      this.el.setAttribute("data-stub-marker", "");
      this.el.style.cssText =
        "position:absolute;left:50%;top:50%;width:18px;height:18px;margin:-18px 0 0 -9px;" +
        "border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#d93025;border:2px solid #fff";
      map.div.append(this.el);
      this.draw();
    }
    draw() {
      if (!this.el) return;
      const p = this.options.position || { lat: 0, lng: 0 };
      this.el.dataset.position = p.lat.toFixed(5) + "," + p.lng.toFixed(5);
      this.el.dataset.title = this.options.title || "";
    }
    setOptions(options) { Object.assign(this.options, options); this.draw(); }
    setPosition(position) { this.options.position = position; this.draw(); }
    setDraggable() {}
  }
  const maps = window.google.maps;
  const Settings = { getInstance: () => Settings.instance, instance: {} };
  Object.assign(maps, { Map: StubMap, Marker, LatLng, event, Settings, version: "3.61.0" });
  const libraries = { core: { LatLng, event }, maps: { Map: StubMap }, marker: { Marker } };
  maps.importLibrary = async (name) => libraries[name] || {};
  const callback = src.searchParams.get("callback").split(".").reduce((o, k) => o[k], window);
  callback();
  ${mode === "authFailure" ? "setTimeout(() => window.gm_authFailure && window.gm_authFailure(), 50);" : ""}
})();`;
}

async function fulfilStub(route: Route, mode: StubMode) {
  await route.fulfill({
    status: 200,
    contentType: "text/javascript; charset=utf-8",
    body: stubSource(mode),
  });
}

/** The maps script loads and draws with the stand-in. */
export function serveMapsStub(page: Page, mode: StubMode = "ok") {
  return page.route(MAPS_SCRIPT, (route) => fulfilStub(route, mode));
}

/** The maps script fails to load (as when the network or Google refuses it). */
export function failMapsScript(page: Page) {
  return page.route(MAPS_SCRIPT, (route) =>
    route.fulfill({ status: 403, contentType: "text/plain", body: "Forbidden" }),
  );
}

/** The maps script is held until `release()` is called, then served with the stand-in. */
export async function holdMapsScript(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(MAPS_SCRIPT, async (route) => {
    requested = true;
    await gate;
    await fulfilStub(route, "ok");
  });
  return { release, wasRequested: () => requested };
}
