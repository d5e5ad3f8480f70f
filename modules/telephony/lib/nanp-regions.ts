/**
 * Which state, province or territory each North American (NANP, +1) area code serves, as ISO
 * 3166-2 codes, for local caller ID: a business in 737 (Austin) is in US-TX, so a
 * Texan number is the closest when the pool has no 737 or 512. Geographic codes only: toll-free
 * and non-geographic codes have no region. Browser-safe data, no server code.
 *
 * US codes from the npm package "areacodes" 0.2.1 (MIT, BlueRival/node-areacodes, lib/data.json,
 * stateCode of every "local" code); Canadian codes added from the CNAC assignments (867 serves
 * all three territories and is listed under Yukon). An area code missing here falls back to the
 * country, never to a wrong region.
 */
const REGION_AREA_CODES: Record<string, string> = {
  "US-AK": "907",
  "US-AL": "205 251 256 334 659 938",
  "US-AR": "327 479 501 870",
  "US-AS": "684",
  "US-AZ": "480 520 602 623 928",
  "US-CA":
    "209 213 279 310 323 341 369 408 415 424 442 510 530 559 562 619 626 627 628 650 657 661 669 707 714 747 760 805 818 820 831 858 909 916 925 949 951",
  "US-CO": "303 719 720 970",
  "US-CT": "203 475 860 959",
  "US-DC": "202",
  "US-DE": "302",
  "US-FL": "239 305 321 352 386 407 561 689 727 754 772 786 813 850 863 904 941 954",
  "US-GA": "229 404 470 478 678 706 762 770 912",
  "US-GU": "671",
  "US-HI": "808",
  "US-IA": "319 515 563 641 712",
  "US-ID": "208 986",
  "US-IL": "217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 872",
  "US-IN": "219 260 317 463 574 765 812 930",
  "US-KS": "316 620 785 913",
  "US-KY": "270 364 502 606 859",
  "US-LA": "225 318 337 504 985",
  "US-MA": "339 351 413 508 617 774 781 857 978",
  "US-MD": "227 240 301 410 443 667",
  "US-ME": "207",
  "US-MI": "231 248 269 278 313 517 586 616 679 734 810 906 947 989",
  "US-MN": "218 320 507 612 651 763 952",
  "US-MO": "314 417 557 573 636 660 816 975",
  "US-MP": "670",
  "US-MS": "228 601 662 769",
  "US-MT": "406",
  "US-NC": "252 336 704 743 828 910 919 980 984",
  "US-ND": "701",
  "US-NE": "308 402 531",
  "US-NH": "603",
  "US-NJ": "201 551 609 640 732 848 856 862 908 973",
  "US-NM": "505 575",
  "US-NV": "702 725 775",
  "US-NY": "212 315 332 347 516 518 585 607 631 646 680 716 718 838 845 914 917 929 934",
  "US-OH": "216 220 234 283 326 330 380 419 440 513 567 614 740 937",
  "US-OK": "405 539 580 918",
  "US-OR": "458 503 541 971",
  "US-PA": "215 223 267 272 412 445 484 570 610 717 724 814 878",
  "US-RI": "401",
  "US-SC": "803 839 843 854 864",
  "US-SD": "605",
  "US-TN": "423 615 629 731 865 901 931",
  "US-TX":
    "210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 956 972 979",
  "US-UT": "385 435 801",
  "US-VA": "276 434 540 571 703 757 804",
  "US-VI": "340",
  "US-VT": "802",
  "US-WA": "206 253 360 425 509 564",
  "US-WI": "262 274 414 534 608 715 920",
  "US-WV": "304 681",
  "US-WY": "307",
  "CA-AB": "368 403 587 780 825",
  "CA-BC": "236 250 257 604 672 778",
  "CA-MB": "204 431 584",
  "CA-NB": "428 506",
  "CA-NL": "709 879",
  "CA-NS": "782 902",
  "CA-ON": "226 249 289 343 365 382 416 437 519 548 613 647 683 705 742 753 807 905 942",
  "CA-QC": "263 354 367 418 438 450 468 514 579 581 819 873",
  "CA-SK": "306 474 639",
  "CA-YT": "867",
};

const byAreaCode = new Map<string, string>();
for (const [region, codes] of Object.entries(REGION_AREA_CODES)) {
  for (const code of codes.split(" ")) byAreaCode.set(code, region);
}

/** The ISO 3166-2 region a NANP area code serves ("512" -> "US-TX"), or null. */
export function nanpRegionOf(areaCode: string): string | null {
  return byAreaCode.get(areaCode) ?? null;
}
