// Reading a Server-Sent Events stream from fetch (the browser's live channel and the tests).

/** Splits an SSE text stream into events (name and data), as the EventSource parser does. */
export function createSseParser(onEvent: (name: string, data: string) => void) {
  let buffer = "";
  let name = "";
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
      if (line === "") {
        if (data.length > 0) onEvent(name || "message", data.join("\n"));
        name = "";
        data = [];
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") name = value;
        else if (field === "data") data.push(value);
      }
    }
  };
}
