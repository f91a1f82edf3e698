import { describe, expect, it } from "vitest";
import { SERVICE_COLOUR_PAIRS, serviceColour } from "./service-colours";

describe("serviceColour", () => {
  it("gives the first seven services a pair each before any pair repeats", () => {
    const firstSeven = [1, 2, 3, 4, 5, 6, 7].map(serviceColour);
    expect(new Set(firstSeven).size).toBe(SERVICE_COLOUR_PAIRS.length);
    expect(serviceColour(8)).toBe(serviceColour(1));
  });

  it("is the same for the same service every time", () => {
    expect(serviceColour(12)).toBe(serviceColour(12));
    expect(serviceColour(0)).toMatch(/^bg-/);
  });
});
