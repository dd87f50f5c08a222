import { describe, expect, it } from "vitest";
import { expectParts } from "./expect-parts";
import { readAddress } from "./parse";
import { zipTableOptions } from "./zip-codes";

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
  "a ZIP code with no city (the ZIP table names it later)": [
    ["410 Lakeview Street, 60614", "410||LAKEVIEW|ST||||||60614|"],
    ["18 Cedar Ln Apt 2, 53703", "18||CEDAR|LN||APT|2|||53703|"],
    ["2215 Oak Park Ave 60302", "2215||OAK PARK|AVE||||||60302|"],
    ["1755 Howard Street Des Plaines 60018", "1755||HOWARD|ST||||DES PLAINES||60018|"],
    ["77 W Hubbard St, 60654-4711", "77|W|HUBBARD|ST||||||60654|4711"],
    ["1005 Gravenstein Hwy North, 95472", "1005||GRAVENSTEIN|HWY|N|||||95472|"],
    ["512 Willow Lane, 99999", "512||WILLOW|LN||||||99999|"],
  ],
  'a "#" before a designator': [
    ["12 Oak Dr # Apt 4, Salem, OR 97301", "12||OAK|DR||APT|4|SALEM|OR|97301|"],
    ["5 Pine St # Lot 9 Ocala FL 34471", "5||PINE|ST||LOT|9|OCALA|FL|34471|"],
    ["300 Kings Hwy # Ste 12, Cherry Hill, NJ 08034", "300||KINGS|HWY||STE|12|CHERRY HILL|NJ|08034|"],
    ["41 Elm St #Unit 3, Nashua, NH 03060", "41||ELM|ST||UNIT|3|NASHUA|NH|03060|"],
  ],
  "Wisconsin and northern Illinois grid numbers": [
    ["W156 N8480 Maple Ct, Menomonee Falls, WI 53051", "W156N8480||MAPLE|CT||||MENOMONEE FALLS|WI|53051|"],
    ["N52 W13220 Elm Rd Menomonee Falls WI 53051", "N52W13220||ELM|RD||||MENOMONEE FALLS|WI|53051|"],
    ["W204 N11509 Goldendale Rd, Germantown, WI 53022", "W204N11509||GOLDENDALE|RD||||GERMANTOWN|WI|53022|"],
    ["S74 W16860 Janesville Rd, Muskego, WI 53150", "S74W16860||JANESVILLE|RD||||MUSKEGO|WI|53150|"],
    ["N4 W22408 Bluemound Rd Apt 3, Waukesha, WI 53186", "N4W22408||BLUEMOUND|RD||APT|3|WAUKESHA|WI|53186|"],
  ],
  '"No", "So" and other post-directionals before a city': [
    ["2211 14th Ave No, Birmingham, AL 35205", "2211||14TH|AVE|N|||BIRMINGHAM|AL|35205|"],
    ["300 Elm St So, Fargo, ND 58103", "300||ELM|ST|S|||FARGO|ND|58103|"],
    ["415 4th St So Apt 2, Minneapolis, MN 55415", "415||4TH|ST|S|APT|2|MINNEAPOLIS|MN|55415|"],
    ["1820 7th Pl NE East Moline IL 61244", "1820||7TH|PL|NE|||EAST MOLINE|IL|61244|"],
    ["2108 Kalamazoo Ave SE E Grand Rapids MI 49506", "2108||KALAMAZOO|AVE|SE|||EAST GRAND RAPIDS|MI|49506|"],
    ["6024 8th St, N. Miami, FL 33161", "6024||8TH|ST||||NORTH MIAMI|FL|33161|"],
  ],
  "units with no number, a letter, or written before the house number": [
    ["45 Birch Ct NE Unit, Rochester, MN 55906", "45||BIRCH|CT|NE|UNIT||ROCHESTER|MN|55906|"],
    ["77 Grand Ave SW B, Saint Paul, MN 55105", "77||GRAND|AVE|SW|#|B|SAINT PAUL|MN|55105|"],
    ["9 Mill Rd Frnt, Salem, NH 03079", "9||MILL|RD||FRNT||SALEM|NH|03079|"],
    ["8 Lake Dr Lobby, Austin, TX 78701", "8||LAKE|DR||LBBY||AUSTIN|TX|78701|"],
    ["61 Vine St Bsmt, Dayton, OH 45402", "61||VINE|ST||BSMT||DAYTON|OH|45402|"],
    ["Flat 2 18B Court St, Brooklyn, NY 11201", "18B||COURT|ST||#|2|BROOKLYN|NY|11201|"],
    ["Lt7 40 Pine Rd, Ocala, FL 34471", "40||PINE|RD||LOT|7|OCALA|FL|34471|"],
    ["600 Main St Fl 2nd, Hartford, CT 06103", "600||MAIN|ST||FL|2|HARTFORD|CT|06103|"],
    ["910 Elm St Condo 4C, Burlington, VT 05401", "910||ELM|ST||#|4C|BURLINGTON|VT|05401|"],
    ["4922 B South Cornell Ave, Chicago, IL 60615", "4922B|S|CORNELL|AVE||||CHICAGO|IL|60615|"],
  ],
  "roads named by number or letter": [
    ["3300 State Road 84, Davie, FL 33312", "3300||STATE ROAD 84|||||DAVIE|FL|33312|"],
    ["12 County Road 12, Hico, TX 76457", "12||COUNTY ROAD 12|||||HICO|TX|76457|"],
    ["15222 FM 1960, Houston, TX 77069", "15222||FM 1960|||||HOUSTON|TX|77069|"],
    ["700 US Highway 1, Jupiter, FL 33477", "700||US HIGHWAY 1|||||JUPITER|FL|33477|"],
    ["1180 Ky Highway 15, Hazard, KY 41701", "1180||KY HIGHWAY 15|||||HAZARD|KY|41701|"],
    ["200 Hgwy 6 Stacyville IA 50476", "200||HIGHWAY 6|||||STACYVILLE|IA|50476|"],
    ["420 Hiway 65, Pleasant Hill, MO 64080", "420||HIGHWAY 65|||||PLEASANT HILL|MO|64080|"],
    ["N8510 County Road Y, Watertown, WI 53094", "N8510||COUNTY ROAD Y|||||WATERTOWN|WI|53094|"],
    ["2150 Hwy 71 Bus, Lowell, AR 72745", "2150||HIGHWAY 71 BUSINESS|||||LOWELL|AR|72745|"],
    ["88 U.S. 17 Bypass Myrtle Beach SC 29577", "88||US HIGHWAY 17 BYPASS|||||MYRTLE BEACH|SC|29577|"],
    ["890 U S 1 HWY N JUPITER FL 33477", "890||US HIGHWAY 1||N|||JUPITER|FL|33477|"],
  ],
  '"St" meaning suite after a street that has its type': [
    ["900 Bay Ave St 210, Tampa, FL 33606", "900||BAY|AVE||STE|210|TAMPA|FL|33606|"],
    ["45 Park Pl St 3B, Newark NJ 07102", "45||PARK|PL||STE|3B|NEWARK|NJ|07102|"],
    ["77 Oak Blvd St. 100 Miami FL 33101", "77||OAK|BLVD||STE|100|MIAMI|FL|33101|"],
    ["1200 Market St St 400, Chattanooga, TN 37402", "1200||MARKET|ST||STE|400|CHATTANOOGA|TN|37402|"],
  ],
  "all capitals, no commas, anchored by the ZIP code": [
    ["4410 RIVER BEND DR APT 12 WEST PLAINS MO 65775", "4410||RIVER BEND|DR||APT|12|WEST PLAINS|MO|65775|"],
    ["310 ELM AVE LA GRANGE PK IL 60526", "310||ELM|AVE||||LA GRANGE PARK|IL|60526|"],
    ["3555 BIRCH TURN HUNTINGDON VY PA 19006", "3555||BIRCH TURN|||||HUNTINGDON VALLEY|PA|19006|"],
    ["12 N MAIN ST STE 4 E ST LOUIS IL 62201", "12|N|MAIN|ST||STE|4|EAST SAINT LOUIS|IL|62201|"],
    ["ACME TOOL CO 1200 N MARKET ST WILMINGTON DE 19801", "1200|N|MARKET|ST||||WILMINGTON|DE|19801|"],
    ["2500 COUNTY HWY PP APT 4 CEDARBURG WI 53012", "2500||COUNTY HIGHWAY PP|||APT|4|CEDARBURG|WI|53012|"],
  ],
  "near the new rules, and read as before them": [
    ["123 Oak Park St E, St Paul MN 55105", "123||OAK PARK|ST|E|||SAINT PAUL|MN|55105|"],
    ["200 Old Mill St 5, Salem MA 01970", "200||OLD MILL|ST||#|5|SALEM|MA|01970|"],
    ["1000 W Avenue J, Lancaster CA 93534", "1000|W|AVENUE J|||||LANCASTER|CA|93534|"],
    ["12345 State Highway K, Dittmer MO 63023", "12345||STATE HIGHWAY K|||||DITTMER|MO|63023|"],
    ["6801 Hollywood Blvd Hollywood, 90028", "6801||HOLLYWOOD|BLVD||||HOLLYWOOD||90028|"],
    ["123 Main St No 5, Boston MA 02110", "123||MAIN|ST||#|5|BOSTON|MA|02110|"],
    ["123 Fair Oaks Ave So Pasadena CA 91030", "123||FAIR OAKS|AVE||||SOUTH PASADENA|CA|91030|"],
    ["1234 County Rd NE, Elk River MN 55330", "1234||COUNTY|RD|NE|||ELK RIVER|MN|55330|"],
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

  it.each(["233 S Wacker Dr, Chicago, IL 606061", "10 Elm St Springfield MA 011031413555"])(
    "flags a ZIP code run into other digits: %s",
    (input) => {
      const { parts, problem } = readAddress(input, zipTableOptions);
      expect(problem).toMatch(/ZIP code/);
      expect([parts.zip, parts.city]).toEqual(["", input.includes(",") ? "CHICAGO" : "SPRINGFIELD"]);
    },
  );

  it("reads the same without the ZIP table, from the words alone", () => {
    expect(readAddress("400 Perimeter Center Terrace, Ste C Dunwoody, GA 30346").parts).toMatchObject({
      unitType: "STE",
      unitNumber: "C",
      city: "DUNWOODY",
    });
    expect(readAddress("88 N. Clark 1203 Chicago IL 60602").parts).toMatchObject({
      name: "CLARK",
      unitType: "#",
      unitNumber: "1203",
      city: "CHICAGO",
    });
  });
});
