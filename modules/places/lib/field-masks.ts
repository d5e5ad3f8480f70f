// The exact field masks the spec asks for (section 7), plus utcOffsetMinutes on details so
// later work can tell when a business is open. Google bills a call at the highest tier among
// the fields it names.

export const searchFieldMask = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.rating",
  "places.userRatingCount",
  "places.googleMapsUri",
  "places.websiteUri",
  "places.primaryType",
  "nextPageToken",
].join(",");

/** PLACES_SEARCH_INCLUDES_CONTACT: the search also asks for what a details call would add. */
export const searchWithContactFieldMask = [
  searchFieldMask,
  "places.nationalPhoneNumber",
  "places.internationalPhoneNumber",
  "places.regularOpeningHours",
  "places.utcOffsetMinutes",
  "places.location",
].join(",");

export const detailsFieldMask = [
  "id",
  "displayName",
  "formattedAddress",
  "rating",
  "userRatingCount",
  "internationalPhoneNumber",
  "nationalPhoneNumber",
  "websiteUri",
  "googleMapsUri",
  "regularOpeningHours",
  "utcOffsetMinutes",
  "location",
  "primaryType",
].join(",");

/** Google's page size maximum, and the spec's. */
export const pageSize = 20;
