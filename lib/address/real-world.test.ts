import { describe, expect, it } from "vitest";
import { readAddress } from "./parse";
import { zipTableOptions } from "./zip-codes";

const FIELDS = ["number", "preDirectional", "name", "suffix", "postDirectional", "unitType", "unitNumber", "city", "state", "zip", "zip4"] as const;

/** `label` lists the fields above in order, separated by "|": "415|W|ADAMS|||#|14B|CHICAGO|IL|60606|". */
function expectParts(input: string, label: string) {
  const { parts } = readAddress(input, zipTableOptions);
  const values = label.split("|");
  expect(values).toHaveLength(FIELDS.length);
  expect(Object.fromEntries(FIELDS.map((f) => [f, parts[f]]))).toEqual(Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])));
}

const kinds: Record<string, [string, string][]> = {
  "a unit after the street without designator": [
    ["415 W. Adams, 14B, Chicago, IL 60606", "415|W|ADAMS|||#|14B|CHICAGO|IL|60606|"],
    ["88 N. Clark 1203 Chicago IL 60602", "88|N|CLARK|||#|1203|CHICAGO|IL|60602|"],
    ["19 E OHIO 707, CHICAGO, IL 60611", "19|E|OHIO|||#|707|CHICAGO|IL|60611|"],
    ["70 West Madison St. R-4, Chicago, IL 60602", "70|W|MADISON|ST||#|R-4|CHICAGO|IL|60602|"],
    ["245 W 107th St 9E New York NY 10025", "245|W|107TH|ST||#|9E|NEW YORK|NY|10025|"],
    ["3033 Wilson Blvd, 700, Arlington, VA 22201", "3033||WILSON|BLVD||#|700|ARLINGTON|VA|22201|"],
  ],
  "floors and unit words after the street": [
    ["210 Hudson St., 3rd Flr, New York, NY 10013", "210||HUDSON|ST||FL|3|NEW YORK|NY|10013|"],
    ["77 W Wacker- 22nd Floor, Chicago, IL 60601", "77|W|WACKER|||FL|22|CHICAGO|IL|60601|"],
    ["30 N. State, flr 12, Chicago IL 60602", "30|N|STATE|||FL|12|CHICAGO|IL|60602|"],
    ["1 N Dearborn Dr lobby, Chicago, IL 60602", "1|N|DEARBORN|DR||LBBY||CHICAGO|IL|60602|"],
    ["8 S Clinton St, 6th Floor room 612, Chicago, IL 60661", "8|S|CLINTON|ST||RM|612|CHICAGO|IL|60661|"],
    ["912 Elm Avenue Rear, Manchester, NH 03101", "912||ELM|AVE||REAR||MANCHESTER|NH|03101|"],
    ["1 Federal St 9th Floor Boston MA 02110", "1||FEDERAL|ST||FL|9|BOSTON|MA|02110|"],
    ["55 Church St Apt 3 Rear, Burlington, VT 05401", "55||CHURCH|ST||APT|3|BURLINGTON|VT|05401|"],
  ],
  "a unit or post-directional after a comma, no comma before the city": [
    ["400 Perimeter Center Terrace, Ste C Dunwoody, GA 30346", "400||PERIMETER CENTER|TER||STE|C|DUNWOODY|GA|30346|"],
    ["2210 Moreland Ave, SE Atlanta, GA", "2210||MORELAND|AVE|SE|||ATLANTA|GA||"],
    ["44 Cascade Rd., S. W. # 3 Atlanta, GA", "44||CASCADE|RD|SW|#|3|ATLANTA|GA||"],
    ["1200 8th St NW, Lot 7 Cedar Rapids, IA, 52405", "1200||8TH|ST|NW|LOT|7|CEDAR RAPIDS|IA|52405|"],
    ["980 Piedmont Ave, NE Apt 4 Atlanta GA 30309", "980||PIEDMONT|AVE|NE|APT|4|ATLANTA|GA|30309|"],
  ],
  "a unit written first": [
    ["Apt 2 18B Oak Hollow Dr Round Rock, TX", "18B||OAK HOLLOW|DR||APT|2|ROUND ROCK|TX||"],
    ["suite 210 300 north main st ellensburg washington 98926", "300|N|MAIN|ST||STE|210|ELLENSBURG|WA|98926|"],
    ["Suite 1500, 233 S Wacker Dr, Chicago, IL 60606", "233|S|WACKER|DR||STE|1500|CHICAGO|IL|60606|"],
    ["#12 400 Elm St Denver CO 80220", "400||ELM|ST||#|12|DENVER|CO|80220|"],
  ],
  "spelled house numbers": [
    ["Two N. LaSalle St., Chicago, IL 60602", "2|N|LASALLE|ST||||CHICAGO|IL|60602|"],
    ["Forty S. Main St., Memphis, TN 38103", "40|S|MAIN|ST||||MEMPHIS|TN|38103|"],
    ["Thirty-Three Maiden Ln, New York, NY 10038", "33||MAIDEN|LN||||NEW YORK|NY|10038|"],
    ["Sixty Five Elm St, Hartford, CT 06106", "65||ELM|ST||||HARTFORD|CT|06106|"],
  ],
  "cities that begin with a suffix word or a directional": [
    ["400 Sibley St, St. Paul, MN 55101", "400||SIBLEY|ST||||SAINT PAUL|MN|55101|"],
    ["400 SIBLEY ST ST PAUL MN 55101", "400||SIBLEY|ST||||SAINT PAUL|MN|55101|"],
    ["3 Ocean Trace Rd, St Augustine Beach, FL 32080", "3||OCEAN TRACE|RD||||SAINT AUGUSTINE BEACH|FL|32080|"],
    ["225 Abbott Rd E Lansing MI 48823", "225||ABBOTT|RD||||EAST LANSING|MI|48823|"],
    ["700 Main St North Little Rock AR 72114", "700||MAIN|ST||||NORTH LITTLE ROCK|AR|72114|"],
    ["410 N. Kingshighway St. Louis MO", "410|N|KINGSHIGHWAY|||||SAINT LOUIS|MO||"],
    ["2400 Elm St E St Louis IL 62205", "2400||ELM|ST||||EAST SAINT LOUIS|IL|62205|"],
  ],
  "street names that are suffix words": [
    ["1700 N Wells, Chicago, IL 60614", "1700|N|WELLS|||||CHICAGO|IL|60614|"],
    ["45 Lake Shore West, Hopatcong, NJ 07843", "45||LAKE|SHR|W|||HOPATCONG|NJ|07843|"],
    ["12 Maple Grove Woods Fairport NY 14450", "12||MAPLE GROVE WOODS|||||FAIRPORT|NY|14450|"],
    ["3400 Stone Ridge Parkway, Austin, TX 78746", "3400||STONE RIDGE|PKWY||||AUSTIN|TX|78746|"],
    ["55 Forest Gate Way, Reston, VA 20191", "55||FOREST GATE|WAY||||RESTON|VA|20191|"],
    ["19 Deer Hollow Sandy UT 84092", "19||DEER|HOLW||||SANDY|UT|84092|"],
    ["100 North Street, Pittsfield, MA 01201", "100||NORTH|ST||||PITTSFIELD|MA|01201|"],
  ],
  "spaced and dotted directionals": [
    ["3500 Peachtree Rd. N. E., Atlanta, GA 30326", "3500||PEACHTREE|RD|NE|||ATLANTA|GA|30326|"],
    ["901 N.W. 7th St, Miami, FL 33136", "901|NW|7TH|ST||||MIAMI|FL|33136|"],
    ["1200 S E 3rd Ave, Fort Lauderdale, FL 33316", "1200|SE|3RD|AVE||||FORT LAUDERDALE|FL|33316|"],
  ],
  "a state written twice": [
    ["1 Galleria Pkwy, Marietta, Georgia, GA 30067", "1||GALLERIA|PKWY||||MARIETTA|GA|30067|"],
    ["150 4th Ave N, Nashville TN, TN 37219", "150||4TH|AVE|N|||NASHVILLE|TN|37219|"],
    ["350 5th Ave, New York, NY 10118", "350||5TH|AVE||||NEW YORK|NY|10118|"],
    ["350 5th Ave, New York, New York, NY 10118", "350||5TH|AVE||||NEW YORK|NY|10118|"],
  ],
  "ZIP codes: nine digits without dash, glued to other digits": [
    ["250 Marquette Ave, Minneapolis, MN 554012345", "250||MARQUETTE|AVE||||MINNEAPOLIS|MN|55401|2345"],
    ["1 Main St, Houston, TX 77002 - 1234", "1||MAIN|ST||||HOUSTON|TX|77002|1234"],
    ["233 S Wacker Dr, Chicago, IL 606061", "233|S|WACKER|DR||||CHICAGO|IL||"],
  ],
  "states with a typo": [
    ["123 N Michigan Ave, Chicago, lL 60601", "123|N|MICHIGAN|AVE||||CHICAGO|IL|60601|"],
    ["500 W Monroe St, Chicago, Ilinois 60661", "500|W|MONROE|ST||||CHICAGO|IL|60661|"],
    ["2 Park Ave, New York, Nwe York 10016", "2||PARK|AVE||||NEW YORK|NY|10016|"],
  ],
  "misspelt suffixes and designators": [
    ["1420 Elm Stret, Dallas, TX 75201", "1420||ELM|ST||||DALLAS|TX|75201|"],
    ["55 Maple Steet Apt 3, Burlington, VT 05401", "55||MAPLE|ST||APT|3|BURLINGTON|VT|05401|"],
    ["200 Lincoln Aveune, Lincoln, NE 68508", "200||LINCOLN|AVE||||LINCOLN|NE|68508|"],
    ["8900 Wilshire Blvrd, Beverly Hills, CA 90211", "8900||WILSHIRE|BLVD||||BEVERLY HILLS|CA|90211|"],
    ["12 Oak St Apartmnet 4, Salem, MA 01970", "12||OAK|ST||APT|4|SALEM|MA|01970|"],
    ["120 Old Broad, Gloucester, MA 01930", "120||OLD BROAD|||||GLOUCESTER|MA|01930|"],
  ],
  "rural routes, PO boxes and numbered roads": [
    ["RR 2 Box 45, Ainsworth, IA 52201", "2||RR|||||AINSWORTH|IA|52201|"],
    ["R.R. 1 Box 20, Clarion, IA 50525", "1||RR|||||CLARION|IA|50525|"],
    ["4589 County Rd 12, Wauseon, OH 43567", "4589||COUNTY ROAD 12|||||WAUSEON|OH|43567|"],
    ["1950 Old Highway 8, New Brighton, MN 55112", "1950||OLD HIGHWAY 8|||||NEW BRIGHTON|MN|55112|"],
    ["3010 FM 2222, Austin, TX 78731", "3010||FM 2222|||||AUSTIN|TX|78731|"],
  ],
  "addresses as they are pasted": [
    ["123 Main St\nSpringfield, IL 62701", "123||MAIN|ST||||SPRINGFIELD|IL|62701|"],
    ["233 S Wacker Dr, Chicago, IL 60606, USA", "233|S|WACKER|DR||||CHICAGO|IL|60606|"],
    ["55 Elm St Unit-5, Hartford, CT 06106", "55||ELM|ST||UNIT|5|HARTFORD|CT|06106|"],
    ["10 Commercial St, Portland, ME 4101", "10||COMMERCIAL|ST||||PORTLAND|ME|04101|"],
    ["400 Fayetteville St, Raleigh, N. Carolina 27601", "400||FAYETTEVILLE|ST||||RALEIGH|NC|27601|"],
    ["4501 US-1, Vero Beach, FL 32967", "4501||US HIGHWAY 1|||||VERO BEACH|FL|32967|"],
    ["1 Main Street, Ground Floor, Annapolis, MD 21401", "1||MAIN|ST||||ANNAPOLIS|MD|21401|"],
    ["3 Elm Stret Dunwoody GA 30338", "3||ELM|ST||||DUNWOODY|GA|30338|"],
    ["Willis Tower, 233 S Wacker Dr, Suite 3530, Chicago, IL 60606", "233|S|WACKER|DR||STE|3530|CHICAGO|IL|60606|"],
    ["One Liberty Plaza, 165 Broadway, 23rd Fl, New York, NY 10006", "165||BROADWAY|||FL|23|NEW YORK|NY|10006|"],
    ["c/o Ann Lee, 12 Elm St, Apt 3, Salem, MA 01970", "12||ELM|ST||APT|3|SALEM|MA|01970|"],
    ["22 W Washington St Lower Level Chicago IL 60602", "22|W|WASHINGTON|ST||LOWR||CHICAGO|IL|60602|"],
  ],
  "Puerto Rico": [
    ["Avenida Ponce de León 1500, San Juan, PR 00909", "1500||AVE PONCE DE LEON|||||SAN JUAN|PR|00909|"],
    ["23 Calle 5, Bayamón, PR 00959", "23||CALLE 5|||||BAYAMON|PR|00959|"],
    ["Calle Tetuan 206, San Juan, PR 00901", "206||CALLE TETUAN|||||SAN JUAN|PR|00901|"],
  ],
};

describe.each(Object.entries(kinds))("%s", (_, cases) => {
  it.each(cases)("reads %s", expectParts);
});

describe("what the parser corrected or could not read", () => {
  it.each([
    ["1420 Elm Stret, Dallas, TX 75201", { field: "suffix", typed: "STRET", read: "ST" }],
    ["12 Oak St Apartmnet 4, Salem, MA 01970", { field: "unitType", typed: "APARTMNET", read: "APT" }],
    ["500 W Monroe St, Chicago, Ilinois 60661", { field: "state", typed: "ILINOIS", read: "IL" }],
    ["123 N Michigan Ave, Chicago, lL 60601", { field: "state", typed: "LL", read: "IL" }],
  ])("says it read %s with a correction", (input, correction) => {
    expect(readAddress(input, zipTableOptions).corrections).toEqual([correction]);
  });

  it("corrects nothing in an address written right", () => {
    expect(readAddress("2800 N 24th St, Phoenix, AZ 85008", zipTableOptions).corrections).toEqual([]);
  });

  it.each(["233 S Wacker Dr, Chicago, IL 606061", "10 Elm St Springfield MA 011031413555"])("flags a ZIP code run into other digits: %s", (input) => {
    const { parts, problem } = readAddress(input, zipTableOptions);
    expect(problem).toMatch(/ZIP code/);
    expect([parts.zip, parts.city]).toEqual(["", input.includes(",") ? "CHICAGO" : "SPRINGFIELD"]);
  });

  it("reads the same without the ZIP table, from the words alone", () => {
    expect(readAddress("400 Perimeter Center Terrace, Ste C Dunwoody, GA 30346").parts).toMatchObject({ unitType: "STE", unitNumber: "C", city: "DUNWOODY" });
    expect(readAddress("88 N. Clark 1203 Chicago IL 60602").parts).toMatchObject({ name: "CLARK", unitType: "#", unitNumber: "1203", city: "CHICAGO" });
  });
});
