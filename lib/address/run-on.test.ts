import { describe, it } from "vitest";
import { expectParts } from "./expect-parts";

// Issue 43's kinds, each with the near-misses that must read as an ordinary address does.
const kinds: Record<string, [string, string][]> = {
  "a city of two words or more after the street's type, no comma, the city unknown to the ZIP table": [
    ["4410 Quail Ridge Parkway Peachtree Corners, GA 30092", "4410||QUAIL RIDGE|PKWY||||PEACHTREE CORNERS|GA|30092|"],
    ["2208 Birch Hollow Road Flowery Branch GA 30542", "2208||BIRCH HOLLOW|RD||||FLOWERY BRANCH|GA|30542|"],
    ["77 Crane Circle Lake Forest IL", "77||CRANE|CIR||||LAKE FOREST|IL||"],
    ["12 Ridge Rd Lake Forest Park WA", "12||RIDGE|RD||||LAKE FOREST PARK|WA||"],
    ["12 Ridge Rd Spring Lake Heights NJ", "12||RIDGE|RD||||SPRING LAKE HEIGHTS|NJ||"],
    ["400 Mill Creek Dr Mill Creek WA 98012", "400||MILL CREEK|DR||||MILL CREEK|WA|98012|"],
    ["1 Bridge Ave Point Pleasant NJ 08742", "1||BRIDGE|AVE||||POINT PLEASANT|NJ|08742|"],
    ["2 Spring Valley Rd Park Ridge NJ 07656", "2||SPRING VALLEY|RD||||PARK RIDGE|NJ|07656|"],
  ],
  "near-misses of a run-on city": [
    ["77 Crane Circle, Lake Forest, IL 60045", "77||CRANE|CIR||||LAKE FOREST|IL|60045|"],
    ["12 Lake Forest Dr, Columbia, SC 29206", "12||LAKE FOREST|DR||||COLUMBIA|SC|29206|"],
    ["500 Forest Lake Dr Lake Zurich IL 60047", "500||FOREST LAKE|DR||||LAKE ZURICH|IL|60047|"],
    ["300 Mill St Mill Valley CA 94941", "300||MILL|ST||||MILL VALLEY|CA|94941|"],
    ["15 Long Beach Rd Island Park NY 11558", "15||LONG BEACH|RD||||ISLAND PARK|NY|11558|"],
    ["1020 Cape Coral Pkwy Cape Coral FL 33904", "1020||CAPE CORAL|PKWY||||CAPE CORAL|FL|33904|"],
    ["3 Crystal Lake Park Dr Woodstock GA", "3||CRYSTAL LAKE PARK|DR||||WOODSTOCK|GA||"],
  ],
  "suffixes spelt as people type them, before a city": [
    ["1220 Veterans Hgwy Kenner LA", "1220||VETERANS|HWY||||KENNER|LA||"],
    ["4200 Sunrise Hgwy Massapequa Park NY 11762", "4200||SUNRISE|HWY||||MASSAPEQUA PARK|NY|11762|"],
    ["2901 Buford Hwy. Duluth GA 30096", "2901||BUFORD|HWY||||DULUTH|GA|30096|"],
    ["800 Celebration Bvd. Kissimmee FL 34747", "800||CELEBRATION|BLVD||||KISSIMMEE|FL|34747|"],
    ["1 Ameriquest Pkwy. Grand Prairie TX 75050", "1||AMERIQUEST|PKWY||||GRAND PRAIRIE|TX|75050|"],
  ],
  "near-misses of suffix spellings: the same words in a name, a numbered road": [
    ["1700 Parkway Plaza Dr Chattanooga TN 37421", "1700||PARKWAY PLAZA|DR||||CHATTANOOGA|TN|37421|"],
    ["3020 Hwy. 62 Mountain Home AR 72653", "3020||HIGHWAY 62|||||MOUNTAIN HOME|AR|72653|"],
    ["200 Hgwy 6 Stacyville IA 50476", "200||HIGHWAY 6|||||STACYVILLE|IA|50476|"],
  ],
  "a unit without designator after a comma, and 'St' and a number after a street type": [
    ["88 Mill Road, 204 B, Glen Ellyn IL", "88||MILL|RD||#|204B|GLEN ELLYN|IL||"],
    ["5 Elm St, 12, Naperville IL 60540", "5||ELM|ST||#|12|NAPERVILLE|IL|60540|"],
    ["8000 Clayton Rd St 220, Saint Louis MO 63117", "8000||CLAYTON|RD||STE|220|SAINT LOUIS|MO|63117|"],
    ["4600 Sand Lake Way St 220, Orlando FL 32819", "4600||SAND LAKE|WAY||STE|220|ORLANDO|FL|32819|"],
    ["7500 Katy Fwy St 300, Houston TX 77024", "7500||KATY|FWY||STE|300|HOUSTON|TX|77024|"],
    ["2850 Village Loop St 114 Springfield MO 65804", "2850||VILLAGE|LOOP||STE|114|SPRINGFIELD|MO|65804|"],
    ["10 Clayton Road St 220, Clayton MO 63105", "10||CLAYTON|RD||STE|220|CLAYTON|MO|63105|"],
  ],
  "near-misses of a unit: a real street 'St' and its unit, a street after a firm's line": [
    ["1200 Lake St 220, Oak Park IL 60301", "1200||LAKE|ST||#|220|OAK PARK|IL|60301|"],
    ["10 Old Mill St 5, Cary NC", "10||OLD MILL|ST||#|5|CARY|NC||"],
    ["10 Deer Run St 4, Cary NC", "10||DEER RUN|ST||#|4|CARY|NC||"],
    ["10 N Court St 4, Cary NC", "10|N|COURT|ST||#|4|CARY|NC||"],
    ["Acme Tools, 400 B St, San Diego, CA 92101", "400||B|ST||||SAN DIEGO|CA|92101|"],
  ],
  "the state written twice": [
    ["500 Gay St, Knoxville TN, TN 37902", "500||GAY|ST||||KNOXVILLE|TN|37902|"],
    ["1 Main St, Macon, Georgia, GA 31201", "1||MAIN|ST||||MACON|GA|31201|"],
    ["200 Peachtree St, Atlanta, GA, Georgia 30303", "200||PEACHTREE|ST||||ATLANTA|GA|30303|"],
    ["150 4th Ave N Nashville TN TN", "150||4TH|AVE|N|||NASHVILLE|TN||"],
    ["350 5th Ave, New York, NY, NY 10118", "350||5TH|AVE||||NEW YORK|NY|10118|"],
    ["1 Main St, Knoxville, TN 37902, TN", "1||MAIN|ST||||KNOXVILLE|TN|37902|"],
    ["1 Main St Knoxville TN 37902 Tennessee", "1||MAIN|ST||||KNOXVILLE|TN|37902|"],
  ],
  "near-misses of a state twice: a city named for its state": [
    ["350 5th Ave, New York, NY 10118", "350||5TH|AVE||||NEW YORK|NY|10118|"],
    ["12 Elm St, Kansas City, Kansas, KS 66101", "12||ELM|ST||||KANSAS CITY|KS|66101|"],
  ],
  "a state code in lower case or one letter off, read as the ZIP code's state": [
    ["20 Pine St, New York, nY 10005", "20||PINE|ST||||NEW YORK|NY|10005|"],
    ["200 E Market St, Indianapolis, lN 46204", "200|E|MARKET|ST||||INDIANAPOLIS|IN|46204|"],
    ["9 Oak St, Hartford, CY 06103", "9||OAK|ST||||HARTFORD|CT|06103|"],
    ["40 Main St, Portland, MR 04101", "40||MAIN|ST||||PORTLAND|ME|04101|"],
  ],
  "near-misses of a mistyped state: street words before a ZIP code, no ZIP code": [
    ["12 Maple Ln 60614", "12||MAPLE|LN||||||60614|"],
    ["15 Elm St 06103", "15||ELM|ST||||||06103|"],
    ["40 Elm Pl 06103", "40||ELM|PL||||||06103|"],
    ["40 Main St, Springfield, lL", "40||MAIN|ST||||SPRINGFIELD|IL||"],
  ],
};

describe("readAddress, issue 43's kinds", () => {
  for (const [kind, cases] of Object.entries(kinds)) {
    describe(kind, () => {
      it.each(cases)("reads %s", expectParts);
    });
  }
});
