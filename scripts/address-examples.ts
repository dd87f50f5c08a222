/**
 * Hand-labelled addresses of the kinds Publication 28 describes: every unit designator, PO boxes, rural routes and
 * highway contracts, highways, fractions and lettered house numbers, post-directionals, territories.
 */
import type { Expected } from "./build-address-benchmark";

const blank: Expected = { number: "", preDirectional: "", name: "", suffix: "", postDirectional: "", unitType: "", unitNumber: "", city: "", state: "", zip: "", zip4: "" };
const e = (input: string, expected: Partial<Expected>) => ({ input, expected: { ...blank, ...expected } });

export const PUBLICATION_EXAMPLES = [
  e("102 Main Street Apartment 101, Springfield, IL 62701", { number: "102", name: "MAIN", suffix: "ST", unitType: "APT", unitNumber: "101", city: "SPRINGFIELD", state: "IL", zip: "62701" }),
  e("1356 Executive Drive Suite 202, Columbus, Ohio 43215", { number: "1356", name: "EXECUTIVE", suffix: "DR", unitType: "STE", unitNumber: "202", city: "COLUMBUS", state: "OH", zip: "43215" }),
  e("1600 Central Place Building 14, Denver, CO 80202", { number: "1600", name: "CENTRAL", suffix: "PL", unitType: "BLDG", unitNumber: "14", city: "DENVER", state: "CO", zip: "80202" }),
  e("55 Sylvan Boulevard Room 18, Boston, MA 02108", { number: "55", name: "SYLVAN", suffix: "BLVD", unitType: "RM", unitNumber: "18", city: "BOSTON", state: "MA", zip: "02108" }),
  e("200 Market St Department 7, San Francisco, CA 94105", { number: "200", name: "MARKET", suffix: "ST", unitType: "DEPT", unitNumber: "7", city: "SAN FRANCISCO", state: "CA", zip: "94105" }),
  e("350 Fifth Avenue Floor 34, New York, NY 10118", { number: "350", name: "FIFTH", suffix: "AVE", unitType: "FL", unitNumber: "34", city: "NEW YORK", state: "NY", zip: "10118" }),
  e("7 Airport Road Hangar 3, Wichita, KS 67209", { number: "7", name: "AIRPORT", suffix: "RD", unitType: "HNGR", unitNumber: "3", city: "WICHITA", state: "KS", zip: "67209" }),
  e("12 Marina Way Pier 39, Sausalito, CA 94965", { number: "12", name: "MARINA", suffix: "WAY", unitType: "PIER", unitNumber: "39", city: "SAUSALITO", state: "CA", zip: "94965" }),
  e("40 Harbor Drive Slip 22, Annapolis, MD 21401", { number: "40", name: "HARBOR", suffix: "DR", unitType: "SLIP", unitNumber: "22", city: "ANNAPOLIS", state: "MD", zip: "21401" }),
  e("901 Desert Palms Circle Space 116, Mesa, AZ 85201", { number: "901", name: "DESERT PALMS", suffix: "CIR", unitType: "SPC", unitNumber: "116", city: "MESA", state: "AZ", zip: "85201" }),
  e("2 Industrial Parkway Stop 12, Toledo, OH 43604", { number: "2", name: "INDUSTRIAL", suffix: "PKWY", unitType: "STOP", unitNumber: "12", city: "TOLEDO", state: "OH", zip: "43604" }),
  e("88 Pine Hollow Lane Trailer 5, Ocala, FL 34471", { number: "88", name: "PINE HOLLOW", suffix: "LN", unitType: "TRLR", unitNumber: "5", city: "OCALA", state: "FL", zip: "34471" }),
  e("15 Maple Court Lot 9, Boise, ID 83702", { number: "15", name: "MAPLE", suffix: "CT", unitType: "LOT", unitNumber: "9", city: "BOISE", state: "ID", zip: "83702" }),
  e("500 Ocean Drive Key 4, Miami Beach, FL 33139", { number: "500", name: "OCEAN", suffix: "DR", unitType: "KEY", unitNumber: "4", city: "MIAMI BEACH", state: "FL", zip: "33139" }),
  e("18 Elm Street Unit B, Burlington, VT 05401", { number: "18", name: "ELM", suffix: "ST", unitType: "UNIT", unitNumber: "B", city: "BURLINGTON", state: "VT", zip: "05401" }),
  e("210 Church Street Basement, Charleston, SC 29401", { number: "210", name: "CHURCH", suffix: "ST", unitType: "BSMT", city: "CHARLESTON", state: "SC", zip: "29401" }),
  e("33 Bay Street Front, Savannah, GA 31401", { number: "33", name: "BAY", suffix: "ST", unitType: "FRNT", city: "SAVANNAH", state: "GA", zip: "31401" }),
  e("1 Canal Plaza Lobby, Portland, ME 04101", { number: "1", name: "CANAL", suffix: "PLZ", unitType: "LBBY", city: "PORTLAND", state: "ME", zip: "04101" }),
  e("47 Orchard Road Lower, Hartford, CT 06103", { number: "47", name: "ORCHARD", suffix: "RD", unitType: "LOWR", city: "HARTFORD", state: "CT", zip: "06103" }),
  e("9 Commerce Way Office, Omaha, NE 68102", { number: "9", name: "COMMERCE", suffix: "WAY", unitType: "OFC", city: "OMAHA", state: "NE", zip: "68102" }),
  e("1200 Lake Shore Drive Penthouse, Chicago, IL 60610", { number: "1200", name: "LAKE SHORE", suffix: "DR", unitType: "PH", city: "CHICAGO", state: "IL", zip: "60610" }),
  e("64 Willow Avenue Rear, Hoboken, NJ 07030", { number: "64", name: "WILLOW", suffix: "AVE", unitType: "REAR", city: "HOBOKEN", state: "NJ", zip: "07030" }),
  e("71 Garden Terrace Side, Raleigh, NC 27601", { number: "71", name: "GARDEN", suffix: "TER", unitType: "SIDE", city: "RALEIGH", state: "NC", zip: "27601" }),
  e("420 Spruce Street Upper, Philadelphia, PA 19106", { number: "420", name: "SPRUCE", suffix: "ST", unitType: "UPPR", city: "PHILADELPHIA", state: "PA", zip: "19106" }),
  e("77 Cedar Lane # 12, Madison, WI 53703", { number: "77", name: "CEDAR", suffix: "LN", unitType: "#", unitNumber: "12", city: "MADISON", state: "WI", zip: "53703" }),
  e("P.O. Box 4414, Des Moines, Iowa 50306", { number: "4414", name: "PO BOX", city: "DES MOINES", state: "IA", zip: "50306" }),
  e("Post Office Box 101, Bismarck, ND 58502", { number: "101", name: "PO BOX", city: "BISMARCK", state: "ND", zip: "58502" }),
  e("Rural Route 2 Box 152, Cole Camp, MO 65325", { number: "2", name: "RR", city: "COLE CAMP", state: "MO", zip: "65325" }),
  e("HC 68 Box 23A, Lewistown, MT 59457", { number: "68", name: "HC", city: "LEWISTOWN", state: "MT", zip: "59457" }),
  e("4501 US Highway 1, Vero Beach, FL 32967", { number: "4501", name: "US HIGHWAY 1", city: "VERO BEACH", state: "FL", zip: "32967" }),
  e("2100 State Route 9, Lake George, NY 12845", { number: "2100", name: "STATE ROUTE 9", city: "LAKE GEORGE", state: "NY", zip: "12845" }),
  e("123 1/2 Main Street, Springfield, IL 62701", { number: "123 1/2", name: "MAIN", suffix: "ST", city: "SPRINGFIELD", state: "IL", zip: "62701" }),
  e("12A Beacon Street, Boston, MA 02108", { number: "12A", name: "BEACON", suffix: "ST", city: "BOSTON", state: "MA", zip: "02108" }),
  e("1600 Pennsylvania Avenue NW, Washington, DC 20500", { number: "1600", name: "PENNSYLVANIA", suffix: "AVE", postDirectional: "NW", city: "WASHINGTON", state: "DC", zip: "20500" }),
  e("4567 Northwest 12th Street, Oklahoma City, Oklahoma 73127", { number: "4567", preDirectional: "NW", name: "12TH", suffix: "ST", city: "OKLAHOMA CITY", state: "OK", zip: "73127" }),
  e("800 S. Main St., Salt Lake City, Utah 84111-2345", { number: "800", preDirectional: "S", name: "MAIN", suffix: "ST", city: "SALT LAKE CITY", state: "UT", zip: "84111", zip4: "2345" }),
  e("25 East Park Avenue North, Lake Forest, IL 60045", { number: "25", preDirectional: "E", name: "PARK", suffix: "AVE", postDirectional: "N", city: "LAKE FOREST", state: "IL", zip: "60045" }),
  e("100 North Street, Pittsfield, MA 01201", { number: "100", name: "NORTH", suffix: "ST", city: "PITTSFIELD", state: "MA", zip: "01201" }),
  e("1 Calle Luna, San Juan, Puerto Rico 00901", { number: "1", name: "CALLE LUNA", city: "SAN JUAN", state: "PR", zip: "00901" }),
  e("250 Marine Drive, Tamuning, Guam 96913", { number: "250", name: "MARINE", suffix: "DR", city: "TAMUNING", state: "GU", zip: "96913" }),
  e("3900 Stone Way North Apt 204, Seattle, Wash. 98103", { number: "3900", name: "STONE", suffix: "WAY", postDirectional: "N", unitType: "APT", unitNumber: "204", city: "SEATTLE", state: "WA", zip: "98103" }),
  e("742 Evergreen Terrace, Springfield, Oregon 97477", { number: "742", name: "EVERGREEN", suffix: "TER", city: "SPRINGFIELD", state: "OR", zip: "97477" }),
  e("1 Infinite Loop, Cupertino, California 95014", { number: "1", name: "INFINITE", suffix: "LOOP", city: "CUPERTINO", state: "CA", zip: "95014" }),
  e("500 Barton Springs Road, Austin, TX 78704", { number: "500", name: "BARTON SPRINGS", suffix: "RD", city: "AUSTIN", state: "TX", zip: "78704" }),
  e("2 Avenue of the Americas, New York, NY 10013", { number: "2", name: "AVENUE OF THE AMERICAS", city: "NEW YORK", state: "NY", zip: "10013" }),
];
