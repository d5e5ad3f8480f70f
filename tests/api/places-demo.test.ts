// Without PLACES_API_KEY the routes answer from the built-in demo provider, labelled as demo.
import { describe, expect, it } from "vitest";
import { GET as details } from "@/app/api/places/[placeId]/route";
import { GET as search } from "@/app/api/places/search/route";
import { placeDetailsResponseSchema, searchResponseSchema } from "@/modules/places/lib/schemas";
import { createAccount, loginAs, request } from "./helpers";

describe("places routes without a key", () => {
  it("search and details come from the demo provider", async () => {
    expect(process.env.PLACES_API_KEY ?? "").toBe("");
    const token = await loginAs(await createAccount());
    const res = await search(request("GET", "/api/places/search?q=dentists+in+Austin", { token }));
    expect(res.status).toBe(200);
    const page = searchResponseSchema.parse(await res.json());
    expect(page).toMatchObject({ demo: true, detailsIncluded: false });
    expect(page.places).toHaveLength(20);
    const id = page.places[0]!.place_id;
    const one = await details(request("GET", `/api/places/${id}`, { token }), {
      params: Promise.resolve({ placeId: id }),
    });
    expect(one.status).toBe(200);
    const body = placeDetailsResponseSchema.parse(await one.json());
    expect(body.demo).toBe(true);
    expect(body.place.phone).toMatch(/^\(512\) 555-01\d\d$/);
  });
});
