/* eslint-disable */
// @ts-nocheck
// Generated from scripts/data-file-schemas.ts by npm run docs:generate (scripts/data-file-documents.ts); do not edit.
// Ajv standalone code of the data files' JSON Schemas, its helpers bundled by esbuild; schema-validators.ts types it.
var __getOwnPropNames = Object.getOwnPropertyNames;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// node_modules/fast-deep-equal/index.js
var require_fast_deep_equal = __commonJS({
  "node_modules/fast-deep-equal/index.js"(exports, module) {
    "use strict";
    module.exports = function equal(a, b) {
      if (a === b) return true;
      if (a && b && typeof a == "object" && typeof b == "object") {
        if (a.constructor !== b.constructor) return false;
        var length, i, keys;
        if (Array.isArray(a)) {
          length = a.length;
          if (length != b.length) return false;
          for (i = length; i-- !== 0; )
            if (!equal(a[i], b[i])) return false;
          return true;
        }
        if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
        if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
        if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
        keys = Object.keys(a);
        length = keys.length;
        if (length !== Object.keys(b).length) return false;
        for (i = length; i-- !== 0; )
          if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
        for (i = length; i-- !== 0; ) {
          var key = keys[i];
          if (!equal(a[key], b[key])) return false;
        }
        return true;
      }
      return a !== a && b !== b;
    };
  }
});

// node_modules/ajv/dist/runtime/equal.js
var require_equal = __commonJS({
  "node_modules/ajv/dist/runtime/equal.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var equal = require_fast_deep_equal();
    equal.code = 'require("ajv/dist/runtime/equal").default';
    exports.default = equal;
  }
});

// <stdin>
var checkArrangementShape = validate10;
var schema11 = { "type": "object", "required": ["year", "regulationVersion", "notices", "entries", "statutoryDays"], "properties": { "$schema": { "type": "string" }, "year": { "type": "integer", "minimum": 2008, "maximum": 9999 }, "regulationVersion": { "type": "integer", "minimum": 1 }, "notices": { "type": "array", "items": { "type": "object", "required": ["id", "kind", "title", "documentNumber", "signedDate", "publishedDate", "sourceUrl", "otherUrls"], "properties": { "id": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$" }, "kind": { "enum": ["annual", "special", "amending"] }, "title": { "type": "string", "minLength": 1 }, "documentNumber": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }] }, "signedDate": { "anyOf": [{ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, { "type": "null" }] }, "publishedDate": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "sourceUrl": { "type": "string", "pattern": "^https?://[^\\s]+$" }, "otherUrls": { "type": "array", "items": { "type": "string", "pattern": "^https?://[^\\s]+$" } }, "notes": { "type": "array", "items": { "type": "string", "minLength": 1 } } }, "additionalProperties": false }, "minItems": 1 }, "entries": { "type": "array", "items": { "type": "object", "required": ["notice", "holidays", "printedName", "form", "rest", "compensatory", "work", "joinedWeekend", "statedTotal"], "properties": { "notice": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$" }, "holidays": { "type": "array", "items": { "enum": ["NEW_YEAR", "SPRING_FESTIVAL", "QINGMING_FESTIVAL", "LABOR_DAY", "DRAGON_BOAT_FESTIVAL", "MID_AUTUMN_FESTIVAL", "NATIONAL_DAY", "VICTORY_DAY_70TH_ANNIVERSARY"] }, "minItems": 1, "uniqueItems": true }, "printedName": { "type": "string", "minLength": 1 }, "form": { "enum": ["old-style-swap", "old-style-weekend-shift", "old-style-no-swap", "range-with-swap", "combined-range-with-swap", "range-adjusted-no-workday", "range-gongxiu", "range-no-swap", "off-joined-with-weekend", "off-plus-compensatory", "off-one-day", "off-one-day-no-swap", "special-range-with-swap", "amended-range-with-swap", "extension"] }, "rest": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})?$" }, "minItems": 1 }, "compensatory": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" } }, "work": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" } }, "joinedWeekend": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" } }, "statedTotal": { "anyOf": [{ "type": "integer", "minimum": 1 }, { "type": "null" }] }, "supersededBy": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$" }, "notes": { "type": "array", "items": { "type": "string", "minLength": 1 } } }, "additionalProperties": false }, "minItems": 1 }, "statutoryDays": { "type": "object", "properties": { "NEW_YEAR": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "SPRING_FESTIVAL": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "QINGMING_FESTIVAL": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "LABOR_DAY": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "DRAGON_BOAT_FESTIVAL": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "MID_AUTUMN_FESTIVAL": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "NATIONAL_DAY": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 }, "VICTORY_DAY_70TH_ANNIVERSARY": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "minItems": 1 } }, "additionalProperties": false }, "exchanges": { "type": "object", "required": ["notices", "additionalClosures"], "properties": { "notices": { "type": "array", "items": { "type": "object", "required": ["exchange", "title", "documentNumber", "publishedDate", "sourceUrl", "otherUrls"], "properties": { "exchange": { "enum": ["XSHG", "XSHE", "BJSE"] }, "title": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }] }, "documentNumber": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }] }, "publishedDate": { "anyOf": [{ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, { "type": "null" }] }, "sourceUrl": { "anyOf": [{ "type": "string", "pattern": "^https?://[^\\s]+$" }, { "type": "null" }] }, "otherUrls": { "type": "array", "items": { "type": "string", "pattern": "^https?://[^\\s]+$" } }, "notes": { "type": "array", "items": { "type": "string", "minLength": 1 } } }, "additionalProperties": false }, "minItems": 1 }, "additionalClosures": { "type": "array", "items": { "type": "object", "required": ["date", "reason"], "properties": { "date": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "reason": { "type": "string", "minLength": 1 } }, "additionalProperties": false } } }, "additionalProperties": false }, "acceptedFindings": { "type": "array", "items": { "type": "object", "required": ["id", "rule", "field", "reason"], "properties": { "id": { "type": "string", "pattern": "^(completeness|balance|make-up-days)-[0-9a-f]{8}$" }, "rule": { "enum": ["completeness", "balance", "make-up-days"] }, "field": { "type": "string", "minLength": 1 }, "reason": { "type": "string", "minLength": 1 } }, "additionalProperties": false }, "minItems": 1 } }, "additionalProperties": false };
var func2 = Object.prototype.hasOwnProperty;
var func3 = require_ucs2length().default;
var func0 = require_equal().default;
var pattern0 = new RegExp("^[a-z][a-z0-9-]*$", "u");
var pattern1 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "u");
var pattern3 = new RegExp("^https?://[^\\s]+$", "u");
var pattern6 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})?$", "u");
var pattern23 = new RegExp("^(completeness|balance|make-up-days)-[0-9a-f]{8}$", "u");
function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.year === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "year" }, message: "must have required property 'year'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.regulationVersion === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "regulationVersion" }, message: "must have required property 'regulationVersion'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.notices === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "notices" }, message: "must have required property 'notices'" };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.entries === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "entries" }, message: "must have required property 'entries'" };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.statutoryDays === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "statutoryDays" }, message: "must have required property 'statutoryDays'" };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "$schema" || key0 === "year" || key0 === "regulationVersion" || key0 === "notices" || key0 === "entries" || key0 === "statutoryDays" || key0 === "exchanges" || key0 === "acceptedFindings")) {
        const err5 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.$schema !== void 0) {
      if (typeof data.$schema !== "string") {
        const err6 = { instancePath: instancePath + "/$schema", schemaPath: "#/properties/%24schema/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.year !== void 0) {
      let data1 = data.year;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err7 = { instancePath: instancePath + "/year", schemaPath: "#/properties/year/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 9999 || isNaN(data1)) {
          const err8 = { instancePath: instancePath + "/year", schemaPath: "#/properties/year/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9999 }, message: "must be <= 9999" };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (data1 < 2008 || isNaN(data1)) {
          const err9 = { instancePath: instancePath + "/year", schemaPath: "#/properties/year/minimum", keyword: "minimum", params: { comparison: ">=", limit: 2008 }, message: "must be >= 2008" };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
    if (data.regulationVersion !== void 0) {
      let data2 = data.regulationVersion;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err10 = { instancePath: instancePath + "/regulationVersion", schemaPath: "#/properties/regulationVersion/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 1 || isNaN(data2)) {
          const err11 = { instancePath: instancePath + "/regulationVersion", schemaPath: "#/properties/regulationVersion/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      }
    }
    if (data.notices !== void 0) {
      let data3 = data.notices;
      if (Array.isArray(data3)) {
        if (data3.length < 1) {
          const err12 = { instancePath: instancePath + "/notices", schemaPath: "#/properties/notices/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
        const len0 = data3.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data4 = data3[i0];
          if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
            if (data4.id === void 0) {
              const err13 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'" };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
            if (data4.kind === void 0) {
              const err14 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'" };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
            if (data4.title === void 0) {
              const err15 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'" };
              if (vErrors === null) {
                vErrors = [err15];
              } else {
                vErrors.push(err15);
              }
              errors++;
            }
            if (data4.documentNumber === void 0) {
              const err16 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "documentNumber" }, message: "must have required property 'documentNumber'" };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
            if (data4.signedDate === void 0) {
              const err17 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "signedDate" }, message: "must have required property 'signedDate'" };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
            if (data4.publishedDate === void 0) {
              const err18 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "publishedDate" }, message: "must have required property 'publishedDate'" };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            if (data4.sourceUrl === void 0) {
              const err19 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "sourceUrl" }, message: "must have required property 'sourceUrl'" };
              if (vErrors === null) {
                vErrors = [err19];
              } else {
                vErrors.push(err19);
              }
              errors++;
            }
            if (data4.otherUrls === void 0) {
              const err20 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/required", keyword: "required", params: { missingProperty: "otherUrls" }, message: "must have required property 'otherUrls'" };
              if (vErrors === null) {
                vErrors = [err20];
              } else {
                vErrors.push(err20);
              }
              errors++;
            }
            for (const key1 in data4) {
              if (!func2.call(schema11.properties.notices.items.properties, key1)) {
                const err21 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
            if (data4.id !== void 0) {
              let data5 = data4.id;
              if (typeof data5 === "string") {
                if (!pattern0.test(data5)) {
                  const err22 = { instancePath: instancePath + "/notices/" + i0 + "/id", schemaPath: "#/properties/notices/items/properties/id/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, message: 'must match pattern "^[a-z][a-z0-9-]*$"' };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
              } else {
                const err23 = { instancePath: instancePath + "/notices/" + i0 + "/id", schemaPath: "#/properties/notices/items/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err23];
                } else {
                  vErrors.push(err23);
                }
                errors++;
              }
            }
            if (data4.kind !== void 0) {
              let data6 = data4.kind;
              if (!(data6 === "annual" || data6 === "special" || data6 === "amending")) {
                const err24 = { instancePath: instancePath + "/notices/" + i0 + "/kind", schemaPath: "#/properties/notices/items/properties/kind/enum", keyword: "enum", params: { allowedValues: schema11.properties.notices.items.properties.kind.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
            if (data4.title !== void 0) {
              let data7 = data4.title;
              if (typeof data7 === "string") {
                if (func3(data7) < 1) {
                  const err25 = { instancePath: instancePath + "/notices/" + i0 + "/title", schemaPath: "#/properties/notices/items/properties/title/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                  if (vErrors === null) {
                    vErrors = [err25];
                  } else {
                    vErrors.push(err25);
                  }
                  errors++;
                }
              } else {
                const err26 = { instancePath: instancePath + "/notices/" + i0 + "/title", schemaPath: "#/properties/notices/items/properties/title/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err26];
                } else {
                  vErrors.push(err26);
                }
                errors++;
              }
            }
            if (data4.documentNumber !== void 0) {
              let data8 = data4.documentNumber;
              const _errs19 = errors;
              let valid4 = false;
              const _errs20 = errors;
              if (typeof data8 === "string") {
                if (func3(data8) < 1) {
                  const err27 = { instancePath: instancePath + "/notices/" + i0 + "/documentNumber", schemaPath: "#/properties/notices/items/properties/documentNumber/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                  if (vErrors === null) {
                    vErrors = [err27];
                  } else {
                    vErrors.push(err27);
                  }
                  errors++;
                }
              } else {
                const err28 = { instancePath: instancePath + "/notices/" + i0 + "/documentNumber", schemaPath: "#/properties/notices/items/properties/documentNumber/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err28];
                } else {
                  vErrors.push(err28);
                }
                errors++;
              }
              var _valid0 = _errs20 === errors;
              valid4 = valid4 || _valid0;
              if (!valid4) {
                const _errs22 = errors;
                if (data8 !== null) {
                  const err29 = { instancePath: instancePath + "/notices/" + i0 + "/documentNumber", schemaPath: "#/properties/notices/items/properties/documentNumber/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                  if (vErrors === null) {
                    vErrors = [err29];
                  } else {
                    vErrors.push(err29);
                  }
                  errors++;
                }
                var _valid0 = _errs22 === errors;
                valid4 = valid4 || _valid0;
              }
              if (!valid4) {
                const err30 = { instancePath: instancePath + "/notices/" + i0 + "/documentNumber", schemaPath: "#/properties/notices/items/properties/documentNumber/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                if (vErrors === null) {
                  vErrors = [err30];
                } else {
                  vErrors.push(err30);
                }
                errors++;
              } else {
                errors = _errs19;
                if (vErrors !== null) {
                  if (_errs19) {
                    vErrors.length = _errs19;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data4.signedDate !== void 0) {
              let data9 = data4.signedDate;
              const _errs25 = errors;
              let valid5 = false;
              const _errs26 = errors;
              if (typeof data9 === "string") {
                if (!pattern1.test(data9)) {
                  const err31 = { instancePath: instancePath + "/notices/" + i0 + "/signedDate", schemaPath: "#/properties/notices/items/properties/signedDate/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err31];
                  } else {
                    vErrors.push(err31);
                  }
                  errors++;
                }
              } else {
                const err32 = { instancePath: instancePath + "/notices/" + i0 + "/signedDate", schemaPath: "#/properties/notices/items/properties/signedDate/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
              var _valid1 = _errs26 === errors;
              valid5 = valid5 || _valid1;
              if (!valid5) {
                const _errs28 = errors;
                if (data9 !== null) {
                  const err33 = { instancePath: instancePath + "/notices/" + i0 + "/signedDate", schemaPath: "#/properties/notices/items/properties/signedDate/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                  if (vErrors === null) {
                    vErrors = [err33];
                  } else {
                    vErrors.push(err33);
                  }
                  errors++;
                }
                var _valid1 = _errs28 === errors;
                valid5 = valid5 || _valid1;
              }
              if (!valid5) {
                const err34 = { instancePath: instancePath + "/notices/" + i0 + "/signedDate", schemaPath: "#/properties/notices/items/properties/signedDate/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              } else {
                errors = _errs25;
                if (vErrors !== null) {
                  if (_errs25) {
                    vErrors.length = _errs25;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data4.publishedDate !== void 0) {
              let data10 = data4.publishedDate;
              if (typeof data10 === "string") {
                if (!pattern1.test(data10)) {
                  const err35 = { instancePath: instancePath + "/notices/" + i0 + "/publishedDate", schemaPath: "#/properties/notices/items/properties/publishedDate/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
              } else {
                const err36 = { instancePath: instancePath + "/notices/" + i0 + "/publishedDate", schemaPath: "#/properties/notices/items/properties/publishedDate/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err36];
                } else {
                  vErrors.push(err36);
                }
                errors++;
              }
            }
            if (data4.sourceUrl !== void 0) {
              let data11 = data4.sourceUrl;
              if (typeof data11 === "string") {
                if (!pattern3.test(data11)) {
                  const err37 = { instancePath: instancePath + "/notices/" + i0 + "/sourceUrl", schemaPath: "#/properties/notices/items/properties/sourceUrl/pattern", keyword: "pattern", params: { pattern: "^https?://[^\\s]+$" }, message: 'must match pattern "^https?://[^\\s]+$"' };
                  if (vErrors === null) {
                    vErrors = [err37];
                  } else {
                    vErrors.push(err37);
                  }
                  errors++;
                }
              } else {
                const err38 = { instancePath: instancePath + "/notices/" + i0 + "/sourceUrl", schemaPath: "#/properties/notices/items/properties/sourceUrl/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err38];
                } else {
                  vErrors.push(err38);
                }
                errors++;
              }
            }
            if (data4.otherUrls !== void 0) {
              let data12 = data4.otherUrls;
              if (Array.isArray(data12)) {
                const len1 = data12.length;
                for (let i1 = 0; i1 < len1; i1++) {
                  let data13 = data12[i1];
                  if (typeof data13 === "string") {
                    if (!pattern3.test(data13)) {
                      const err39 = { instancePath: instancePath + "/notices/" + i0 + "/otherUrls/" + i1, schemaPath: "#/properties/notices/items/properties/otherUrls/items/pattern", keyword: "pattern", params: { pattern: "^https?://[^\\s]+$" }, message: 'must match pattern "^https?://[^\\s]+$"' };
                      if (vErrors === null) {
                        vErrors = [err39];
                      } else {
                        vErrors.push(err39);
                      }
                      errors++;
                    }
                  } else {
                    const err40 = { instancePath: instancePath + "/notices/" + i0 + "/otherUrls/" + i1, schemaPath: "#/properties/notices/items/properties/otherUrls/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err40];
                    } else {
                      vErrors.push(err40);
                    }
                    errors++;
                  }
                }
              } else {
                const err41 = { instancePath: instancePath + "/notices/" + i0 + "/otherUrls", schemaPath: "#/properties/notices/items/properties/otherUrls/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err41];
                } else {
                  vErrors.push(err41);
                }
                errors++;
              }
            }
            if (data4.notes !== void 0) {
              let data14 = data4.notes;
              if (Array.isArray(data14)) {
                const len2 = data14.length;
                for (let i2 = 0; i2 < len2; i2++) {
                  let data15 = data14[i2];
                  if (typeof data15 === "string") {
                    if (func3(data15) < 1) {
                      const err42 = { instancePath: instancePath + "/notices/" + i0 + "/notes/" + i2, schemaPath: "#/properties/notices/items/properties/notes/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                      if (vErrors === null) {
                        vErrors = [err42];
                      } else {
                        vErrors.push(err42);
                      }
                      errors++;
                    }
                  } else {
                    const err43 = { instancePath: instancePath + "/notices/" + i0 + "/notes/" + i2, schemaPath: "#/properties/notices/items/properties/notes/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err43];
                    } else {
                      vErrors.push(err43);
                    }
                    errors++;
                  }
                }
              } else {
                const err44 = { instancePath: instancePath + "/notices/" + i0 + "/notes", schemaPath: "#/properties/notices/items/properties/notes/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err44];
                } else {
                  vErrors.push(err44);
                }
                errors++;
              }
            }
          } else {
            const err45 = { instancePath: instancePath + "/notices/" + i0, schemaPath: "#/properties/notices/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err45];
            } else {
              vErrors.push(err45);
            }
            errors++;
          }
        }
      } else {
        const err46 = { instancePath: instancePath + "/notices", schemaPath: "#/properties/notices/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err46];
        } else {
          vErrors.push(err46);
        }
        errors++;
      }
    }
    if (data.entries !== void 0) {
      let data16 = data.entries;
      if (Array.isArray(data16)) {
        if (data16.length < 1) {
          const err47 = { instancePath: instancePath + "/entries", schemaPath: "#/properties/entries/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err47];
          } else {
            vErrors.push(err47);
          }
          errors++;
        }
        const len3 = data16.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data17 = data16[i3];
          if (data17 && typeof data17 == "object" && !Array.isArray(data17)) {
            if (data17.notice === void 0) {
              const err48 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "notice" }, message: "must have required property 'notice'" };
              if (vErrors === null) {
                vErrors = [err48];
              } else {
                vErrors.push(err48);
              }
              errors++;
            }
            if (data17.holidays === void 0) {
              const err49 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "holidays" }, message: "must have required property 'holidays'" };
              if (vErrors === null) {
                vErrors = [err49];
              } else {
                vErrors.push(err49);
              }
              errors++;
            }
            if (data17.printedName === void 0) {
              const err50 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "printedName" }, message: "must have required property 'printedName'" };
              if (vErrors === null) {
                vErrors = [err50];
              } else {
                vErrors.push(err50);
              }
              errors++;
            }
            if (data17.form === void 0) {
              const err51 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "form" }, message: "must have required property 'form'" };
              if (vErrors === null) {
                vErrors = [err51];
              } else {
                vErrors.push(err51);
              }
              errors++;
            }
            if (data17.rest === void 0) {
              const err52 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "rest" }, message: "must have required property 'rest'" };
              if (vErrors === null) {
                vErrors = [err52];
              } else {
                vErrors.push(err52);
              }
              errors++;
            }
            if (data17.compensatory === void 0) {
              const err53 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "compensatory" }, message: "must have required property 'compensatory'" };
              if (vErrors === null) {
                vErrors = [err53];
              } else {
                vErrors.push(err53);
              }
              errors++;
            }
            if (data17.work === void 0) {
              const err54 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "work" }, message: "must have required property 'work'" };
              if (vErrors === null) {
                vErrors = [err54];
              } else {
                vErrors.push(err54);
              }
              errors++;
            }
            if (data17.joinedWeekend === void 0) {
              const err55 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "joinedWeekend" }, message: "must have required property 'joinedWeekend'" };
              if (vErrors === null) {
                vErrors = [err55];
              } else {
                vErrors.push(err55);
              }
              errors++;
            }
            if (data17.statedTotal === void 0) {
              const err56 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/required", keyword: "required", params: { missingProperty: "statedTotal" }, message: "must have required property 'statedTotal'" };
              if (vErrors === null) {
                vErrors = [err56];
              } else {
                vErrors.push(err56);
              }
              errors++;
            }
            for (const key2 in data17) {
              if (!func2.call(schema11.properties.entries.items.properties, key2)) {
                const err57 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err57];
                } else {
                  vErrors.push(err57);
                }
                errors++;
              }
            }
            if (data17.notice !== void 0) {
              let data18 = data17.notice;
              if (typeof data18 === "string") {
                if (!pattern0.test(data18)) {
                  const err58 = { instancePath: instancePath + "/entries/" + i3 + "/notice", schemaPath: "#/properties/entries/items/properties/notice/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, message: 'must match pattern "^[a-z][a-z0-9-]*$"' };
                  if (vErrors === null) {
                    vErrors = [err58];
                  } else {
                    vErrors.push(err58);
                  }
                  errors++;
                }
              } else {
                const err59 = { instancePath: instancePath + "/entries/" + i3 + "/notice", schemaPath: "#/properties/entries/items/properties/notice/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err59];
                } else {
                  vErrors.push(err59);
                }
                errors++;
              }
            }
            if (data17.holidays !== void 0) {
              let data19 = data17.holidays;
              if (Array.isArray(data19)) {
                if (data19.length < 1) {
                  const err60 = { instancePath: instancePath + "/entries/" + i3 + "/holidays", schemaPath: "#/properties/entries/items/properties/holidays/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
                  if (vErrors === null) {
                    vErrors = [err60];
                  } else {
                    vErrors.push(err60);
                  }
                  errors++;
                }
                const len4 = data19.length;
                for (let i4 = 0; i4 < len4; i4++) {
                  let data20 = data19[i4];
                  if (!(data20 === "NEW_YEAR" || data20 === "SPRING_FESTIVAL" || data20 === "QINGMING_FESTIVAL" || data20 === "LABOR_DAY" || data20 === "DRAGON_BOAT_FESTIVAL" || data20 === "MID_AUTUMN_FESTIVAL" || data20 === "NATIONAL_DAY" || data20 === "VICTORY_DAY_70TH_ANNIVERSARY")) {
                    const err61 = { instancePath: instancePath + "/entries/" + i3 + "/holidays/" + i4, schemaPath: "#/properties/entries/items/properties/holidays/items/enum", keyword: "enum", params: { allowedValues: schema11.properties.entries.items.properties.holidays.items.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err61];
                    } else {
                      vErrors.push(err61);
                    }
                    errors++;
                  }
                }
                let i5 = data19.length;
                let j0;
                if (i5 > 1) {
                  outer0: for (; i5--; ) {
                    for (j0 = i5; j0--; ) {
                      if (func0(data19[i5], data19[j0])) {
                        const err62 = { instancePath: instancePath + "/entries/" + i3 + "/holidays", schemaPath: "#/properties/entries/items/properties/holidays/uniqueItems", keyword: "uniqueItems", params: { i: i5, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i5 + " are identical)" };
                        if (vErrors === null) {
                          vErrors = [err62];
                        } else {
                          vErrors.push(err62);
                        }
                        errors++;
                        break outer0;
                      }
                    }
                  }
                }
              } else {
                const err63 = { instancePath: instancePath + "/entries/" + i3 + "/holidays", schemaPath: "#/properties/entries/items/properties/holidays/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err63];
                } else {
                  vErrors.push(err63);
                }
                errors++;
              }
            }
            if (data17.printedName !== void 0) {
              let data21 = data17.printedName;
              if (typeof data21 === "string") {
                if (func3(data21) < 1) {
                  const err64 = { instancePath: instancePath + "/entries/" + i3 + "/printedName", schemaPath: "#/properties/entries/items/properties/printedName/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                  if (vErrors === null) {
                    vErrors = [err64];
                  } else {
                    vErrors.push(err64);
                  }
                  errors++;
                }
              } else {
                const err65 = { instancePath: instancePath + "/entries/" + i3 + "/printedName", schemaPath: "#/properties/entries/items/properties/printedName/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err65];
                } else {
                  vErrors.push(err65);
                }
                errors++;
              }
            }
            if (data17.form !== void 0) {
              let data22 = data17.form;
              if (!(data22 === "old-style-swap" || data22 === "old-style-weekend-shift" || data22 === "old-style-no-swap" || data22 === "range-with-swap" || data22 === "combined-range-with-swap" || data22 === "range-adjusted-no-workday" || data22 === "range-gongxiu" || data22 === "range-no-swap" || data22 === "off-joined-with-weekend" || data22 === "off-plus-compensatory" || data22 === "off-one-day" || data22 === "off-one-day-no-swap" || data22 === "special-range-with-swap" || data22 === "amended-range-with-swap" || data22 === "extension")) {
                const err66 = { instancePath: instancePath + "/entries/" + i3 + "/form", schemaPath: "#/properties/entries/items/properties/form/enum", keyword: "enum", params: { allowedValues: schema11.properties.entries.items.properties.form.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err66];
                } else {
                  vErrors.push(err66);
                }
                errors++;
              }
            }
            if (data17.rest !== void 0) {
              let data23 = data17.rest;
              if (Array.isArray(data23)) {
                if (data23.length < 1) {
                  const err67 = { instancePath: instancePath + "/entries/" + i3 + "/rest", schemaPath: "#/properties/entries/items/properties/rest/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
                  if (vErrors === null) {
                    vErrors = [err67];
                  } else {
                    vErrors.push(err67);
                  }
                  errors++;
                }
                const len5 = data23.length;
                for (let i6 = 0; i6 < len5; i6++) {
                  let data24 = data23[i6];
                  if (typeof data24 === "string") {
                    if (!pattern6.test(data24)) {
                      const err68 = { instancePath: instancePath + "/entries/" + i3 + "/rest/" + i6, schemaPath: "#/properties/entries/items/properties/rest/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})?$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})?$"' };
                      if (vErrors === null) {
                        vErrors = [err68];
                      } else {
                        vErrors.push(err68);
                      }
                      errors++;
                    }
                  } else {
                    const err69 = { instancePath: instancePath + "/entries/" + i3 + "/rest/" + i6, schemaPath: "#/properties/entries/items/properties/rest/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err69];
                    } else {
                      vErrors.push(err69);
                    }
                    errors++;
                  }
                }
              } else {
                const err70 = { instancePath: instancePath + "/entries/" + i3 + "/rest", schemaPath: "#/properties/entries/items/properties/rest/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err70];
                } else {
                  vErrors.push(err70);
                }
                errors++;
              }
            }
            if (data17.compensatory !== void 0) {
              let data25 = data17.compensatory;
              if (Array.isArray(data25)) {
                const len6 = data25.length;
                for (let i7 = 0; i7 < len6; i7++) {
                  let data26 = data25[i7];
                  if (typeof data26 === "string") {
                    if (!pattern1.test(data26)) {
                      const err71 = { instancePath: instancePath + "/entries/" + i3 + "/compensatory/" + i7, schemaPath: "#/properties/entries/items/properties/compensatory/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                      if (vErrors === null) {
                        vErrors = [err71];
                      } else {
                        vErrors.push(err71);
                      }
                      errors++;
                    }
                  } else {
                    const err72 = { instancePath: instancePath + "/entries/" + i3 + "/compensatory/" + i7, schemaPath: "#/properties/entries/items/properties/compensatory/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err72];
                    } else {
                      vErrors.push(err72);
                    }
                    errors++;
                  }
                }
              } else {
                const err73 = { instancePath: instancePath + "/entries/" + i3 + "/compensatory", schemaPath: "#/properties/entries/items/properties/compensatory/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err73];
                } else {
                  vErrors.push(err73);
                }
                errors++;
              }
            }
            if (data17.work !== void 0) {
              let data27 = data17.work;
              if (Array.isArray(data27)) {
                const len7 = data27.length;
                for (let i8 = 0; i8 < len7; i8++) {
                  let data28 = data27[i8];
                  if (typeof data28 === "string") {
                    if (!pattern1.test(data28)) {
                      const err74 = { instancePath: instancePath + "/entries/" + i3 + "/work/" + i8, schemaPath: "#/properties/entries/items/properties/work/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                      if (vErrors === null) {
                        vErrors = [err74];
                      } else {
                        vErrors.push(err74);
                      }
                      errors++;
                    }
                  } else {
                    const err75 = { instancePath: instancePath + "/entries/" + i3 + "/work/" + i8, schemaPath: "#/properties/entries/items/properties/work/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err75];
                    } else {
                      vErrors.push(err75);
                    }
                    errors++;
                  }
                }
              } else {
                const err76 = { instancePath: instancePath + "/entries/" + i3 + "/work", schemaPath: "#/properties/entries/items/properties/work/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err76];
                } else {
                  vErrors.push(err76);
                }
                errors++;
              }
            }
            if (data17.joinedWeekend !== void 0) {
              let data29 = data17.joinedWeekend;
              if (Array.isArray(data29)) {
                const len8 = data29.length;
                for (let i9 = 0; i9 < len8; i9++) {
                  let data30 = data29[i9];
                  if (typeof data30 === "string") {
                    if (!pattern1.test(data30)) {
                      const err77 = { instancePath: instancePath + "/entries/" + i3 + "/joinedWeekend/" + i9, schemaPath: "#/properties/entries/items/properties/joinedWeekend/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                      if (vErrors === null) {
                        vErrors = [err77];
                      } else {
                        vErrors.push(err77);
                      }
                      errors++;
                    }
                  } else {
                    const err78 = { instancePath: instancePath + "/entries/" + i3 + "/joinedWeekend/" + i9, schemaPath: "#/properties/entries/items/properties/joinedWeekend/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err78];
                    } else {
                      vErrors.push(err78);
                    }
                    errors++;
                  }
                }
              } else {
                const err79 = { instancePath: instancePath + "/entries/" + i3 + "/joinedWeekend", schemaPath: "#/properties/entries/items/properties/joinedWeekend/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err79];
                } else {
                  vErrors.push(err79);
                }
                errors++;
              }
            }
            if (data17.statedTotal !== void 0) {
              let data31 = data17.statedTotal;
              const _errs72 = errors;
              let valid24 = false;
              const _errs73 = errors;
              if (!(typeof data31 == "number" && (!(data31 % 1) && !isNaN(data31)))) {
                const err80 = { instancePath: instancePath + "/entries/" + i3 + "/statedTotal", schemaPath: "#/properties/entries/items/properties/statedTotal/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
                if (vErrors === null) {
                  vErrors = [err80];
                } else {
                  vErrors.push(err80);
                }
                errors++;
              }
              if (typeof data31 == "number") {
                if (data31 < 1 || isNaN(data31)) {
                  const err81 = { instancePath: instancePath + "/entries/" + i3 + "/statedTotal", schemaPath: "#/properties/entries/items/properties/statedTotal/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" };
                  if (vErrors === null) {
                    vErrors = [err81];
                  } else {
                    vErrors.push(err81);
                  }
                  errors++;
                }
              }
              var _valid2 = _errs73 === errors;
              valid24 = valid24 || _valid2;
              if (!valid24) {
                const _errs75 = errors;
                if (data31 !== null) {
                  const err82 = { instancePath: instancePath + "/entries/" + i3 + "/statedTotal", schemaPath: "#/properties/entries/items/properties/statedTotal/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                  if (vErrors === null) {
                    vErrors = [err82];
                  } else {
                    vErrors.push(err82);
                  }
                  errors++;
                }
                var _valid2 = _errs75 === errors;
                valid24 = valid24 || _valid2;
              }
              if (!valid24) {
                const err83 = { instancePath: instancePath + "/entries/" + i3 + "/statedTotal", schemaPath: "#/properties/entries/items/properties/statedTotal/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                if (vErrors === null) {
                  vErrors = [err83];
                } else {
                  vErrors.push(err83);
                }
                errors++;
              } else {
                errors = _errs72;
                if (vErrors !== null) {
                  if (_errs72) {
                    vErrors.length = _errs72;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data17.supersededBy !== void 0) {
              let data32 = data17.supersededBy;
              if (typeof data32 === "string") {
                if (!pattern0.test(data32)) {
                  const err84 = { instancePath: instancePath + "/entries/" + i3 + "/supersededBy", schemaPath: "#/properties/entries/items/properties/supersededBy/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, message: 'must match pattern "^[a-z][a-z0-9-]*$"' };
                  if (vErrors === null) {
                    vErrors = [err84];
                  } else {
                    vErrors.push(err84);
                  }
                  errors++;
                }
              } else {
                const err85 = { instancePath: instancePath + "/entries/" + i3 + "/supersededBy", schemaPath: "#/properties/entries/items/properties/supersededBy/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err85];
                } else {
                  vErrors.push(err85);
                }
                errors++;
              }
            }
            if (data17.notes !== void 0) {
              let data33 = data17.notes;
              if (Array.isArray(data33)) {
                const len9 = data33.length;
                for (let i10 = 0; i10 < len9; i10++) {
                  let data34 = data33[i10];
                  if (typeof data34 === "string") {
                    if (func3(data34) < 1) {
                      const err86 = { instancePath: instancePath + "/entries/" + i3 + "/notes/" + i10, schemaPath: "#/properties/entries/items/properties/notes/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                      if (vErrors === null) {
                        vErrors = [err86];
                      } else {
                        vErrors.push(err86);
                      }
                      errors++;
                    }
                  } else {
                    const err87 = { instancePath: instancePath + "/entries/" + i3 + "/notes/" + i10, schemaPath: "#/properties/entries/items/properties/notes/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err87];
                    } else {
                      vErrors.push(err87);
                    }
                    errors++;
                  }
                }
              } else {
                const err88 = { instancePath: instancePath + "/entries/" + i3 + "/notes", schemaPath: "#/properties/entries/items/properties/notes/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                if (vErrors === null) {
                  vErrors = [err88];
                } else {
                  vErrors.push(err88);
                }
                errors++;
              }
            }
          } else {
            const err89 = { instancePath: instancePath + "/entries/" + i3, schemaPath: "#/properties/entries/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err89];
            } else {
              vErrors.push(err89);
            }
            errors++;
          }
        }
      } else {
        const err90 = { instancePath: instancePath + "/entries", schemaPath: "#/properties/entries/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err90];
        } else {
          vErrors.push(err90);
        }
        errors++;
      }
    }
    if (data.statutoryDays !== void 0) {
      let data35 = data.statutoryDays;
      if (data35 && typeof data35 == "object" && !Array.isArray(data35)) {
        for (const key3 in data35) {
          if (!(key3 === "NEW_YEAR" || key3 === "SPRING_FESTIVAL" || key3 === "QINGMING_FESTIVAL" || key3 === "LABOR_DAY" || key3 === "DRAGON_BOAT_FESTIVAL" || key3 === "MID_AUTUMN_FESTIVAL" || key3 === "NATIONAL_DAY" || key3 === "VICTORY_DAY_70TH_ANNIVERSARY")) {
            const err91 = { instancePath: instancePath + "/statutoryDays", schemaPath: "#/properties/statutoryDays/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err91];
            } else {
              vErrors.push(err91);
            }
            errors++;
          }
        }
        if (data35.NEW_YEAR !== void 0) {
          let data36 = data35.NEW_YEAR;
          if (Array.isArray(data36)) {
            if (data36.length < 1) {
              const err92 = { instancePath: instancePath + "/statutoryDays/NEW_YEAR", schemaPath: "#/properties/statutoryDays/properties/NEW_YEAR/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err92];
              } else {
                vErrors.push(err92);
              }
              errors++;
            }
            const len10 = data36.length;
            for (let i11 = 0; i11 < len10; i11++) {
              let data37 = data36[i11];
              if (typeof data37 === "string") {
                if (!pattern1.test(data37)) {
                  const err93 = { instancePath: instancePath + "/statutoryDays/NEW_YEAR/" + i11, schemaPath: "#/properties/statutoryDays/properties/NEW_YEAR/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err93];
                  } else {
                    vErrors.push(err93);
                  }
                  errors++;
                }
              } else {
                const err94 = { instancePath: instancePath + "/statutoryDays/NEW_YEAR/" + i11, schemaPath: "#/properties/statutoryDays/properties/NEW_YEAR/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err94];
                } else {
                  vErrors.push(err94);
                }
                errors++;
              }
            }
          } else {
            const err95 = { instancePath: instancePath + "/statutoryDays/NEW_YEAR", schemaPath: "#/properties/statutoryDays/properties/NEW_YEAR/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err95];
            } else {
              vErrors.push(err95);
            }
            errors++;
          }
        }
        if (data35.SPRING_FESTIVAL !== void 0) {
          let data38 = data35.SPRING_FESTIVAL;
          if (Array.isArray(data38)) {
            if (data38.length < 1) {
              const err96 = { instancePath: instancePath + "/statutoryDays/SPRING_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/SPRING_FESTIVAL/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err96];
              } else {
                vErrors.push(err96);
              }
              errors++;
            }
            const len11 = data38.length;
            for (let i12 = 0; i12 < len11; i12++) {
              let data39 = data38[i12];
              if (typeof data39 === "string") {
                if (!pattern1.test(data39)) {
                  const err97 = { instancePath: instancePath + "/statutoryDays/SPRING_FESTIVAL/" + i12, schemaPath: "#/properties/statutoryDays/properties/SPRING_FESTIVAL/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err97];
                  } else {
                    vErrors.push(err97);
                  }
                  errors++;
                }
              } else {
                const err98 = { instancePath: instancePath + "/statutoryDays/SPRING_FESTIVAL/" + i12, schemaPath: "#/properties/statutoryDays/properties/SPRING_FESTIVAL/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err98];
                } else {
                  vErrors.push(err98);
                }
                errors++;
              }
            }
          } else {
            const err99 = { instancePath: instancePath + "/statutoryDays/SPRING_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/SPRING_FESTIVAL/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err99];
            } else {
              vErrors.push(err99);
            }
            errors++;
          }
        }
        if (data35.QINGMING_FESTIVAL !== void 0) {
          let data40 = data35.QINGMING_FESTIVAL;
          if (Array.isArray(data40)) {
            if (data40.length < 1) {
              const err100 = { instancePath: instancePath + "/statutoryDays/QINGMING_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/QINGMING_FESTIVAL/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err100];
              } else {
                vErrors.push(err100);
              }
              errors++;
            }
            const len12 = data40.length;
            for (let i13 = 0; i13 < len12; i13++) {
              let data41 = data40[i13];
              if (typeof data41 === "string") {
                if (!pattern1.test(data41)) {
                  const err101 = { instancePath: instancePath + "/statutoryDays/QINGMING_FESTIVAL/" + i13, schemaPath: "#/properties/statutoryDays/properties/QINGMING_FESTIVAL/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err101];
                  } else {
                    vErrors.push(err101);
                  }
                  errors++;
                }
              } else {
                const err102 = { instancePath: instancePath + "/statutoryDays/QINGMING_FESTIVAL/" + i13, schemaPath: "#/properties/statutoryDays/properties/QINGMING_FESTIVAL/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err102];
                } else {
                  vErrors.push(err102);
                }
                errors++;
              }
            }
          } else {
            const err103 = { instancePath: instancePath + "/statutoryDays/QINGMING_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/QINGMING_FESTIVAL/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err103];
            } else {
              vErrors.push(err103);
            }
            errors++;
          }
        }
        if (data35.LABOR_DAY !== void 0) {
          let data42 = data35.LABOR_DAY;
          if (Array.isArray(data42)) {
            if (data42.length < 1) {
              const err104 = { instancePath: instancePath + "/statutoryDays/LABOR_DAY", schemaPath: "#/properties/statutoryDays/properties/LABOR_DAY/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err104];
              } else {
                vErrors.push(err104);
              }
              errors++;
            }
            const len13 = data42.length;
            for (let i14 = 0; i14 < len13; i14++) {
              let data43 = data42[i14];
              if (typeof data43 === "string") {
                if (!pattern1.test(data43)) {
                  const err105 = { instancePath: instancePath + "/statutoryDays/LABOR_DAY/" + i14, schemaPath: "#/properties/statutoryDays/properties/LABOR_DAY/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err105];
                  } else {
                    vErrors.push(err105);
                  }
                  errors++;
                }
              } else {
                const err106 = { instancePath: instancePath + "/statutoryDays/LABOR_DAY/" + i14, schemaPath: "#/properties/statutoryDays/properties/LABOR_DAY/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err106];
                } else {
                  vErrors.push(err106);
                }
                errors++;
              }
            }
          } else {
            const err107 = { instancePath: instancePath + "/statutoryDays/LABOR_DAY", schemaPath: "#/properties/statutoryDays/properties/LABOR_DAY/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err107];
            } else {
              vErrors.push(err107);
            }
            errors++;
          }
        }
        if (data35.DRAGON_BOAT_FESTIVAL !== void 0) {
          let data44 = data35.DRAGON_BOAT_FESTIVAL;
          if (Array.isArray(data44)) {
            if (data44.length < 1) {
              const err108 = { instancePath: instancePath + "/statutoryDays/DRAGON_BOAT_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/DRAGON_BOAT_FESTIVAL/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err108];
              } else {
                vErrors.push(err108);
              }
              errors++;
            }
            const len14 = data44.length;
            for (let i15 = 0; i15 < len14; i15++) {
              let data45 = data44[i15];
              if (typeof data45 === "string") {
                if (!pattern1.test(data45)) {
                  const err109 = { instancePath: instancePath + "/statutoryDays/DRAGON_BOAT_FESTIVAL/" + i15, schemaPath: "#/properties/statutoryDays/properties/DRAGON_BOAT_FESTIVAL/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err109];
                  } else {
                    vErrors.push(err109);
                  }
                  errors++;
                }
              } else {
                const err110 = { instancePath: instancePath + "/statutoryDays/DRAGON_BOAT_FESTIVAL/" + i15, schemaPath: "#/properties/statutoryDays/properties/DRAGON_BOAT_FESTIVAL/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err110];
                } else {
                  vErrors.push(err110);
                }
                errors++;
              }
            }
          } else {
            const err111 = { instancePath: instancePath + "/statutoryDays/DRAGON_BOAT_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/DRAGON_BOAT_FESTIVAL/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err111];
            } else {
              vErrors.push(err111);
            }
            errors++;
          }
        }
        if (data35.MID_AUTUMN_FESTIVAL !== void 0) {
          let data46 = data35.MID_AUTUMN_FESTIVAL;
          if (Array.isArray(data46)) {
            if (data46.length < 1) {
              const err112 = { instancePath: instancePath + "/statutoryDays/MID_AUTUMN_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/MID_AUTUMN_FESTIVAL/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err112];
              } else {
                vErrors.push(err112);
              }
              errors++;
            }
            const len15 = data46.length;
            for (let i16 = 0; i16 < len15; i16++) {
              let data47 = data46[i16];
              if (typeof data47 === "string") {
                if (!pattern1.test(data47)) {
                  const err113 = { instancePath: instancePath + "/statutoryDays/MID_AUTUMN_FESTIVAL/" + i16, schemaPath: "#/properties/statutoryDays/properties/MID_AUTUMN_FESTIVAL/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err113];
                  } else {
                    vErrors.push(err113);
                  }
                  errors++;
                }
              } else {
                const err114 = { instancePath: instancePath + "/statutoryDays/MID_AUTUMN_FESTIVAL/" + i16, schemaPath: "#/properties/statutoryDays/properties/MID_AUTUMN_FESTIVAL/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err114];
                } else {
                  vErrors.push(err114);
                }
                errors++;
              }
            }
          } else {
            const err115 = { instancePath: instancePath + "/statutoryDays/MID_AUTUMN_FESTIVAL", schemaPath: "#/properties/statutoryDays/properties/MID_AUTUMN_FESTIVAL/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err115];
            } else {
              vErrors.push(err115);
            }
            errors++;
          }
        }
        if (data35.NATIONAL_DAY !== void 0) {
          let data48 = data35.NATIONAL_DAY;
          if (Array.isArray(data48)) {
            if (data48.length < 1) {
              const err116 = { instancePath: instancePath + "/statutoryDays/NATIONAL_DAY", schemaPath: "#/properties/statutoryDays/properties/NATIONAL_DAY/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err116];
              } else {
                vErrors.push(err116);
              }
              errors++;
            }
            const len16 = data48.length;
            for (let i17 = 0; i17 < len16; i17++) {
              let data49 = data48[i17];
              if (typeof data49 === "string") {
                if (!pattern1.test(data49)) {
                  const err117 = { instancePath: instancePath + "/statutoryDays/NATIONAL_DAY/" + i17, schemaPath: "#/properties/statutoryDays/properties/NATIONAL_DAY/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err117];
                  } else {
                    vErrors.push(err117);
                  }
                  errors++;
                }
              } else {
                const err118 = { instancePath: instancePath + "/statutoryDays/NATIONAL_DAY/" + i17, schemaPath: "#/properties/statutoryDays/properties/NATIONAL_DAY/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err118];
                } else {
                  vErrors.push(err118);
                }
                errors++;
              }
            }
          } else {
            const err119 = { instancePath: instancePath + "/statutoryDays/NATIONAL_DAY", schemaPath: "#/properties/statutoryDays/properties/NATIONAL_DAY/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err119];
            } else {
              vErrors.push(err119);
            }
            errors++;
          }
        }
        if (data35.VICTORY_DAY_70TH_ANNIVERSARY !== void 0) {
          let data50 = data35.VICTORY_DAY_70TH_ANNIVERSARY;
          if (Array.isArray(data50)) {
            if (data50.length < 1) {
              const err120 = { instancePath: instancePath + "/statutoryDays/VICTORY_DAY_70TH_ANNIVERSARY", schemaPath: "#/properties/statutoryDays/properties/VICTORY_DAY_70TH_ANNIVERSARY/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err120];
              } else {
                vErrors.push(err120);
              }
              errors++;
            }
            const len17 = data50.length;
            for (let i18 = 0; i18 < len17; i18++) {
              let data51 = data50[i18];
              if (typeof data51 === "string") {
                if (!pattern1.test(data51)) {
                  const err121 = { instancePath: instancePath + "/statutoryDays/VICTORY_DAY_70TH_ANNIVERSARY/" + i18, schemaPath: "#/properties/statutoryDays/properties/VICTORY_DAY_70TH_ANNIVERSARY/items/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                  if (vErrors === null) {
                    vErrors = [err121];
                  } else {
                    vErrors.push(err121);
                  }
                  errors++;
                }
              } else {
                const err122 = { instancePath: instancePath + "/statutoryDays/VICTORY_DAY_70TH_ANNIVERSARY/" + i18, schemaPath: "#/properties/statutoryDays/properties/VICTORY_DAY_70TH_ANNIVERSARY/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err122];
                } else {
                  vErrors.push(err122);
                }
                errors++;
              }
            }
          } else {
            const err123 = { instancePath: instancePath + "/statutoryDays/VICTORY_DAY_70TH_ANNIVERSARY", schemaPath: "#/properties/statutoryDays/properties/VICTORY_DAY_70TH_ANNIVERSARY/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err123];
            } else {
              vErrors.push(err123);
            }
            errors++;
          }
        }
      } else {
        const err124 = { instancePath: instancePath + "/statutoryDays", schemaPath: "#/properties/statutoryDays/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err124];
        } else {
          vErrors.push(err124);
        }
        errors++;
      }
    }
    if (data.exchanges !== void 0) {
      let data52 = data.exchanges;
      if (data52 && typeof data52 == "object" && !Array.isArray(data52)) {
        if (data52.notices === void 0) {
          const err125 = { instancePath: instancePath + "/exchanges", schemaPath: "#/properties/exchanges/required", keyword: "required", params: { missingProperty: "notices" }, message: "must have required property 'notices'" };
          if (vErrors === null) {
            vErrors = [err125];
          } else {
            vErrors.push(err125);
          }
          errors++;
        }
        if (data52.additionalClosures === void 0) {
          const err126 = { instancePath: instancePath + "/exchanges", schemaPath: "#/properties/exchanges/required", keyword: "required", params: { missingProperty: "additionalClosures" }, message: "must have required property 'additionalClosures'" };
          if (vErrors === null) {
            vErrors = [err126];
          } else {
            vErrors.push(err126);
          }
          errors++;
        }
        for (const key4 in data52) {
          if (!(key4 === "notices" || key4 === "additionalClosures")) {
            const err127 = { instancePath: instancePath + "/exchanges", schemaPath: "#/properties/exchanges/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err127];
            } else {
              vErrors.push(err127);
            }
            errors++;
          }
        }
        if (data52.notices !== void 0) {
          let data53 = data52.notices;
          if (Array.isArray(data53)) {
            if (data53.length < 1) {
              const err128 = { instancePath: instancePath + "/exchanges/notices", schemaPath: "#/properties/exchanges/properties/notices/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
              if (vErrors === null) {
                vErrors = [err128];
              } else {
                vErrors.push(err128);
              }
              errors++;
            }
            const len18 = data53.length;
            for (let i19 = 0; i19 < len18; i19++) {
              let data54 = data53[i19];
              if (data54 && typeof data54 == "object" && !Array.isArray(data54)) {
                if (data54.exchange === void 0) {
                  const err129 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "exchange" }, message: "must have required property 'exchange'" };
                  if (vErrors === null) {
                    vErrors = [err129];
                  } else {
                    vErrors.push(err129);
                  }
                  errors++;
                }
                if (data54.title === void 0) {
                  const err130 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'" };
                  if (vErrors === null) {
                    vErrors = [err130];
                  } else {
                    vErrors.push(err130);
                  }
                  errors++;
                }
                if (data54.documentNumber === void 0) {
                  const err131 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "documentNumber" }, message: "must have required property 'documentNumber'" };
                  if (vErrors === null) {
                    vErrors = [err131];
                  } else {
                    vErrors.push(err131);
                  }
                  errors++;
                }
                if (data54.publishedDate === void 0) {
                  const err132 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "publishedDate" }, message: "must have required property 'publishedDate'" };
                  if (vErrors === null) {
                    vErrors = [err132];
                  } else {
                    vErrors.push(err132);
                  }
                  errors++;
                }
                if (data54.sourceUrl === void 0) {
                  const err133 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "sourceUrl" }, message: "must have required property 'sourceUrl'" };
                  if (vErrors === null) {
                    vErrors = [err133];
                  } else {
                    vErrors.push(err133);
                  }
                  errors++;
                }
                if (data54.otherUrls === void 0) {
                  const err134 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/required", keyword: "required", params: { missingProperty: "otherUrls" }, message: "must have required property 'otherUrls'" };
                  if (vErrors === null) {
                    vErrors = [err134];
                  } else {
                    vErrors.push(err134);
                  }
                  errors++;
                }
                for (const key5 in data54) {
                  if (!(key5 === "exchange" || key5 === "title" || key5 === "documentNumber" || key5 === "publishedDate" || key5 === "sourceUrl" || key5 === "otherUrls" || key5 === "notes")) {
                    const err135 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err135];
                    } else {
                      vErrors.push(err135);
                    }
                    errors++;
                  }
                }
                if (data54.exchange !== void 0) {
                  let data55 = data54.exchange;
                  if (!(data55 === "XSHG" || data55 === "XSHE" || data55 === "BJSE")) {
                    const err136 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/exchange", schemaPath: "#/properties/exchanges/properties/notices/items/properties/exchange/enum", keyword: "enum", params: { allowedValues: schema11.properties.exchanges.properties.notices.items.properties.exchange.enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err136];
                    } else {
                      vErrors.push(err136);
                    }
                    errors++;
                  }
                }
                if (data54.title !== void 0) {
                  let data56 = data54.title;
                  const _errs128 = errors;
                  let valid48 = false;
                  const _errs129 = errors;
                  if (typeof data56 === "string") {
                    if (func3(data56) < 1) {
                      const err137 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/title", schemaPath: "#/properties/exchanges/properties/notices/items/properties/title/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                      if (vErrors === null) {
                        vErrors = [err137];
                      } else {
                        vErrors.push(err137);
                      }
                      errors++;
                    }
                  } else {
                    const err138 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/title", schemaPath: "#/properties/exchanges/properties/notices/items/properties/title/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err138];
                    } else {
                      vErrors.push(err138);
                    }
                    errors++;
                  }
                  var _valid3 = _errs129 === errors;
                  valid48 = valid48 || _valid3;
                  if (!valid48) {
                    const _errs131 = errors;
                    if (data56 !== null) {
                      const err139 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/title", schemaPath: "#/properties/exchanges/properties/notices/items/properties/title/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                      if (vErrors === null) {
                        vErrors = [err139];
                      } else {
                        vErrors.push(err139);
                      }
                      errors++;
                    }
                    var _valid3 = _errs131 === errors;
                    valid48 = valid48 || _valid3;
                  }
                  if (!valid48) {
                    const err140 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/title", schemaPath: "#/properties/exchanges/properties/notices/items/properties/title/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                    if (vErrors === null) {
                      vErrors = [err140];
                    } else {
                      vErrors.push(err140);
                    }
                    errors++;
                  } else {
                    errors = _errs128;
                    if (vErrors !== null) {
                      if (_errs128) {
                        vErrors.length = _errs128;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data54.documentNumber !== void 0) {
                  let data57 = data54.documentNumber;
                  const _errs134 = errors;
                  let valid49 = false;
                  const _errs135 = errors;
                  if (typeof data57 === "string") {
                    if (func3(data57) < 1) {
                      const err141 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/documentNumber", schemaPath: "#/properties/exchanges/properties/notices/items/properties/documentNumber/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                      if (vErrors === null) {
                        vErrors = [err141];
                      } else {
                        vErrors.push(err141);
                      }
                      errors++;
                    }
                  } else {
                    const err142 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/documentNumber", schemaPath: "#/properties/exchanges/properties/notices/items/properties/documentNumber/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err142];
                    } else {
                      vErrors.push(err142);
                    }
                    errors++;
                  }
                  var _valid4 = _errs135 === errors;
                  valid49 = valid49 || _valid4;
                  if (!valid49) {
                    const _errs137 = errors;
                    if (data57 !== null) {
                      const err143 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/documentNumber", schemaPath: "#/properties/exchanges/properties/notices/items/properties/documentNumber/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                      if (vErrors === null) {
                        vErrors = [err143];
                      } else {
                        vErrors.push(err143);
                      }
                      errors++;
                    }
                    var _valid4 = _errs137 === errors;
                    valid49 = valid49 || _valid4;
                  }
                  if (!valid49) {
                    const err144 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/documentNumber", schemaPath: "#/properties/exchanges/properties/notices/items/properties/documentNumber/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                    if (vErrors === null) {
                      vErrors = [err144];
                    } else {
                      vErrors.push(err144);
                    }
                    errors++;
                  } else {
                    errors = _errs134;
                    if (vErrors !== null) {
                      if (_errs134) {
                        vErrors.length = _errs134;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data54.publishedDate !== void 0) {
                  let data58 = data54.publishedDate;
                  const _errs140 = errors;
                  let valid50 = false;
                  const _errs141 = errors;
                  if (typeof data58 === "string") {
                    if (!pattern1.test(data58)) {
                      const err145 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/publishedDate", schemaPath: "#/properties/exchanges/properties/notices/items/properties/publishedDate/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                      if (vErrors === null) {
                        vErrors = [err145];
                      } else {
                        vErrors.push(err145);
                      }
                      errors++;
                    }
                  } else {
                    const err146 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/publishedDate", schemaPath: "#/properties/exchanges/properties/notices/items/properties/publishedDate/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err146];
                    } else {
                      vErrors.push(err146);
                    }
                    errors++;
                  }
                  var _valid5 = _errs141 === errors;
                  valid50 = valid50 || _valid5;
                  if (!valid50) {
                    const _errs143 = errors;
                    if (data58 !== null) {
                      const err147 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/publishedDate", schemaPath: "#/properties/exchanges/properties/notices/items/properties/publishedDate/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                      if (vErrors === null) {
                        vErrors = [err147];
                      } else {
                        vErrors.push(err147);
                      }
                      errors++;
                    }
                    var _valid5 = _errs143 === errors;
                    valid50 = valid50 || _valid5;
                  }
                  if (!valid50) {
                    const err148 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/publishedDate", schemaPath: "#/properties/exchanges/properties/notices/items/properties/publishedDate/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                    if (vErrors === null) {
                      vErrors = [err148];
                    } else {
                      vErrors.push(err148);
                    }
                    errors++;
                  } else {
                    errors = _errs140;
                    if (vErrors !== null) {
                      if (_errs140) {
                        vErrors.length = _errs140;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data54.sourceUrl !== void 0) {
                  let data59 = data54.sourceUrl;
                  const _errs146 = errors;
                  let valid51 = false;
                  const _errs147 = errors;
                  if (typeof data59 === "string") {
                    if (!pattern3.test(data59)) {
                      const err149 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/sourceUrl", schemaPath: "#/properties/exchanges/properties/notices/items/properties/sourceUrl/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^https?://[^\\s]+$" }, message: 'must match pattern "^https?://[^\\s]+$"' };
                      if (vErrors === null) {
                        vErrors = [err149];
                      } else {
                        vErrors.push(err149);
                      }
                      errors++;
                    }
                  } else {
                    const err150 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/sourceUrl", schemaPath: "#/properties/exchanges/properties/notices/items/properties/sourceUrl/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err150];
                    } else {
                      vErrors.push(err150);
                    }
                    errors++;
                  }
                  var _valid6 = _errs147 === errors;
                  valid51 = valid51 || _valid6;
                  if (!valid51) {
                    const _errs149 = errors;
                    if (data59 !== null) {
                      const err151 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/sourceUrl", schemaPath: "#/properties/exchanges/properties/notices/items/properties/sourceUrl/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
                      if (vErrors === null) {
                        vErrors = [err151];
                      } else {
                        vErrors.push(err151);
                      }
                      errors++;
                    }
                    var _valid6 = _errs149 === errors;
                    valid51 = valid51 || _valid6;
                  }
                  if (!valid51) {
                    const err152 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/sourceUrl", schemaPath: "#/properties/exchanges/properties/notices/items/properties/sourceUrl/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
                    if (vErrors === null) {
                      vErrors = [err152];
                    } else {
                      vErrors.push(err152);
                    }
                    errors++;
                  } else {
                    errors = _errs146;
                    if (vErrors !== null) {
                      if (_errs146) {
                        vErrors.length = _errs146;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data54.otherUrls !== void 0) {
                  let data60 = data54.otherUrls;
                  if (Array.isArray(data60)) {
                    const len19 = data60.length;
                    for (let i20 = 0; i20 < len19; i20++) {
                      let data61 = data60[i20];
                      if (typeof data61 === "string") {
                        if (!pattern3.test(data61)) {
                          const err153 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/otherUrls/" + i20, schemaPath: "#/properties/exchanges/properties/notices/items/properties/otherUrls/items/pattern", keyword: "pattern", params: { pattern: "^https?://[^\\s]+$" }, message: 'must match pattern "^https?://[^\\s]+$"' };
                          if (vErrors === null) {
                            vErrors = [err153];
                          } else {
                            vErrors.push(err153);
                          }
                          errors++;
                        }
                      } else {
                        const err154 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/otherUrls/" + i20, schemaPath: "#/properties/exchanges/properties/notices/items/properties/otherUrls/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                        if (vErrors === null) {
                          vErrors = [err154];
                        } else {
                          vErrors.push(err154);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err155 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/otherUrls", schemaPath: "#/properties/exchanges/properties/notices/items/properties/otherUrls/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                    if (vErrors === null) {
                      vErrors = [err155];
                    } else {
                      vErrors.push(err155);
                    }
                    errors++;
                  }
                }
                if (data54.notes !== void 0) {
                  let data62 = data54.notes;
                  if (Array.isArray(data62)) {
                    const len20 = data62.length;
                    for (let i21 = 0; i21 < len20; i21++) {
                      let data63 = data62[i21];
                      if (typeof data63 === "string") {
                        if (func3(data63) < 1) {
                          const err156 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/notes/" + i21, schemaPath: "#/properties/exchanges/properties/notices/items/properties/notes/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                          if (vErrors === null) {
                            vErrors = [err156];
                          } else {
                            vErrors.push(err156);
                          }
                          errors++;
                        }
                      } else {
                        const err157 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/notes/" + i21, schemaPath: "#/properties/exchanges/properties/notices/items/properties/notes/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                        if (vErrors === null) {
                          vErrors = [err157];
                        } else {
                          vErrors.push(err157);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err158 = { instancePath: instancePath + "/exchanges/notices/" + i19 + "/notes", schemaPath: "#/properties/exchanges/properties/notices/items/properties/notes/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                    if (vErrors === null) {
                      vErrors = [err158];
                    } else {
                      vErrors.push(err158);
                    }
                    errors++;
                  }
                }
              } else {
                const err159 = { instancePath: instancePath + "/exchanges/notices/" + i19, schemaPath: "#/properties/exchanges/properties/notices/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err159];
                } else {
                  vErrors.push(err159);
                }
                errors++;
              }
            }
          } else {
            const err160 = { instancePath: instancePath + "/exchanges/notices", schemaPath: "#/properties/exchanges/properties/notices/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err160];
            } else {
              vErrors.push(err160);
            }
            errors++;
          }
        }
        if (data52.additionalClosures !== void 0) {
          let data64 = data52.additionalClosures;
          if (Array.isArray(data64)) {
            const len21 = data64.length;
            for (let i22 = 0; i22 < len21; i22++) {
              let data65 = data64[i22];
              if (data65 && typeof data65 == "object" && !Array.isArray(data65)) {
                if (data65.date === void 0) {
                  const err161 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22, schemaPath: "#/properties/exchanges/properties/additionalClosures/items/required", keyword: "required", params: { missingProperty: "date" }, message: "must have required property 'date'" };
                  if (vErrors === null) {
                    vErrors = [err161];
                  } else {
                    vErrors.push(err161);
                  }
                  errors++;
                }
                if (data65.reason === void 0) {
                  const err162 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22, schemaPath: "#/properties/exchanges/properties/additionalClosures/items/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'" };
                  if (vErrors === null) {
                    vErrors = [err162];
                  } else {
                    vErrors.push(err162);
                  }
                  errors++;
                }
                for (const key6 in data65) {
                  if (!(key6 === "date" || key6 === "reason")) {
                    const err163 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22, schemaPath: "#/properties/exchanges/properties/additionalClosures/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key6 }, message: "must NOT have additional properties" };
                    if (vErrors === null) {
                      vErrors = [err163];
                    } else {
                      vErrors.push(err163);
                    }
                    errors++;
                  }
                }
                if (data65.date !== void 0) {
                  let data66 = data65.date;
                  if (typeof data66 === "string") {
                    if (!pattern1.test(data66)) {
                      const err164 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22 + "/date", schemaPath: "#/properties/exchanges/properties/additionalClosures/items/properties/date/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"' };
                      if (vErrors === null) {
                        vErrors = [err164];
                      } else {
                        vErrors.push(err164);
                      }
                      errors++;
                    }
                  } else {
                    const err165 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22 + "/date", schemaPath: "#/properties/exchanges/properties/additionalClosures/items/properties/date/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err165];
                    } else {
                      vErrors.push(err165);
                    }
                    errors++;
                  }
                }
                if (data65.reason !== void 0) {
                  let data67 = data65.reason;
                  if (typeof data67 === "string") {
                    if (func3(data67) < 1) {
                      const err166 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22 + "/reason", schemaPath: "#/properties/exchanges/properties/additionalClosures/items/properties/reason/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                      if (vErrors === null) {
                        vErrors = [err166];
                      } else {
                        vErrors.push(err166);
                      }
                      errors++;
                    }
                  } else {
                    const err167 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22 + "/reason", schemaPath: "#/properties/exchanges/properties/additionalClosures/items/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err167];
                    } else {
                      vErrors.push(err167);
                    }
                    errors++;
                  }
                }
              } else {
                const err168 = { instancePath: instancePath + "/exchanges/additionalClosures/" + i22, schemaPath: "#/properties/exchanges/properties/additionalClosures/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err168];
                } else {
                  vErrors.push(err168);
                }
                errors++;
              }
            }
          } else {
            const err169 = { instancePath: instancePath + "/exchanges/additionalClosures", schemaPath: "#/properties/exchanges/properties/additionalClosures/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err169];
            } else {
              vErrors.push(err169);
            }
            errors++;
          }
        }
      } else {
        const err170 = { instancePath: instancePath + "/exchanges", schemaPath: "#/properties/exchanges/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err170];
        } else {
          vErrors.push(err170);
        }
        errors++;
      }
    }
    if (data.acceptedFindings !== void 0) {
      let data68 = data.acceptedFindings;
      if (Array.isArray(data68)) {
        if (data68.length < 1) {
          const err171 = { instancePath: instancePath + "/acceptedFindings", schemaPath: "#/properties/acceptedFindings/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items" };
          if (vErrors === null) {
            vErrors = [err171];
          } else {
            vErrors.push(err171);
          }
          errors++;
        }
        const len22 = data68.length;
        for (let i23 = 0; i23 < len22; i23++) {
          let data69 = data68[i23];
          if (data69 && typeof data69 == "object" && !Array.isArray(data69)) {
            if (data69.id === void 0) {
              const err172 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'" };
              if (vErrors === null) {
                vErrors = [err172];
              } else {
                vErrors.push(err172);
              }
              errors++;
            }
            if (data69.rule === void 0) {
              const err173 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/required", keyword: "required", params: { missingProperty: "rule" }, message: "must have required property 'rule'" };
              if (vErrors === null) {
                vErrors = [err173];
              } else {
                vErrors.push(err173);
              }
              errors++;
            }
            if (data69.field === void 0) {
              const err174 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/required", keyword: "required", params: { missingProperty: "field" }, message: "must have required property 'field'" };
              if (vErrors === null) {
                vErrors = [err174];
              } else {
                vErrors.push(err174);
              }
              errors++;
            }
            if (data69.reason === void 0) {
              const err175 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'" };
              if (vErrors === null) {
                vErrors = [err175];
              } else {
                vErrors.push(err175);
              }
              errors++;
            }
            for (const key7 in data69) {
              if (!(key7 === "id" || key7 === "rule" || key7 === "field" || key7 === "reason")) {
                const err176 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key7 }, message: "must NOT have additional properties" };
                if (vErrors === null) {
                  vErrors = [err176];
                } else {
                  vErrors.push(err176);
                }
                errors++;
              }
            }
            if (data69.id !== void 0) {
              let data70 = data69.id;
              if (typeof data70 === "string") {
                if (!pattern23.test(data70)) {
                  const err177 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/id", schemaPath: "#/properties/acceptedFindings/items/properties/id/pattern", keyword: "pattern", params: { pattern: "^(completeness|balance|make-up-days)-[0-9a-f]{8}$" }, message: 'must match pattern "^(completeness|balance|make-up-days)-[0-9a-f]{8}$"' };
                  if (vErrors === null) {
                    vErrors = [err177];
                  } else {
                    vErrors.push(err177);
                  }
                  errors++;
                }
              } else {
                const err178 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/id", schemaPath: "#/properties/acceptedFindings/items/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err178];
                } else {
                  vErrors.push(err178);
                }
                errors++;
              }
            }
            if (data69.rule !== void 0) {
              let data71 = data69.rule;
              if (!(data71 === "completeness" || data71 === "balance" || data71 === "make-up-days")) {
                const err179 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/rule", schemaPath: "#/properties/acceptedFindings/items/properties/rule/enum", keyword: "enum", params: { allowedValues: schema11.properties.acceptedFindings.items.properties.rule.enum }, message: "must be equal to one of the allowed values" };
                if (vErrors === null) {
                  vErrors = [err179];
                } else {
                  vErrors.push(err179);
                }
                errors++;
              }
            }
            if (data69.field !== void 0) {
              let data72 = data69.field;
              if (typeof data72 === "string") {
                if (func3(data72) < 1) {
                  const err180 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/field", schemaPath: "#/properties/acceptedFindings/items/properties/field/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                  if (vErrors === null) {
                    vErrors = [err180];
                  } else {
                    vErrors.push(err180);
                  }
                  errors++;
                }
              } else {
                const err181 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/field", schemaPath: "#/properties/acceptedFindings/items/properties/field/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err181];
                } else {
                  vErrors.push(err181);
                }
                errors++;
              }
            }
            if (data69.reason !== void 0) {
              let data73 = data69.reason;
              if (typeof data73 === "string") {
                if (func3(data73) < 1) {
                  const err182 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/reason", schemaPath: "#/properties/acceptedFindings/items/properties/reason/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters" };
                  if (vErrors === null) {
                    vErrors = [err182];
                  } else {
                    vErrors.push(err182);
                  }
                  errors++;
                }
              } else {
                const err183 = { instancePath: instancePath + "/acceptedFindings/" + i23 + "/reason", schemaPath: "#/properties/acceptedFindings/items/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err183];
                } else {
                  vErrors.push(err183);
                }
                errors++;
              }
            }
          } else {
            const err184 = { instancePath: instancePath + "/acceptedFindings/" + i23, schemaPath: "#/properties/acceptedFindings/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err184];
            } else {
              vErrors.push(err184);
            }
            errors++;
          }
        }
      } else {
        const err185 = { instancePath: instancePath + "/acceptedFindings", schemaPath: "#/properties/acceptedFindings/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err185];
        } else {
          vErrors.push(err185);
        }
        errors++;
      }
    }
  } else {
    const err186 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err186];
    } else {
      vErrors.push(err186);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}
var checkManifestShape = validate11;
var pattern24 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$", "u");
var pattern25 = new RegExp("^[0-9]{4}\\.json$", "u");
var pattern27 = new RegExp("^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$", "u");
function validate11(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.publishedYears === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "publishedYears" }, message: "must have required property 'publishedYears'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "$schema" || key0 === "sequence" || key0 === "expires" || key0 === "publishedYears" || key0 === "files")) {
        const err1 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.$schema !== void 0) {
      if (typeof data.$schema !== "string") {
        const err2 = { instancePath: instancePath + "/$schema", schemaPath: "#/properties/%24schema/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.sequence !== void 0) {
      let data1 = data.sequence;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err3 = { instancePath: instancePath + "/sequence", schemaPath: "#/properties/sequence/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 1 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/sequence", schemaPath: "#/properties/sequence/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      }
    }
    if (data.expires !== void 0) {
      let data2 = data.expires;
      if (typeof data2 === "string") {
        if (!pattern24.test(data2)) {
          const err5 = { instancePath: instancePath + "/expires", schemaPath: "#/properties/expires/pattern", keyword: "pattern", params: { pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$" }, message: 'must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"' };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/expires", schemaPath: "#/properties/expires/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.publishedYears !== void 0) {
      let data3 = data.publishedYears;
      if (Array.isArray(data3)) {
        const len0 = data3.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data4 = data3[i0];
          if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
            const err7 = { instancePath: instancePath + "/publishedYears/" + i0, schemaPath: "#/properties/publishedYears/items/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
            if (vErrors === null) {
              vErrors = [err7];
            } else {
              vErrors.push(err7);
            }
            errors++;
          }
          if (typeof data4 == "number") {
            if (data4 > 9999 || isNaN(data4)) {
              const err8 = { instancePath: instancePath + "/publishedYears/" + i0, schemaPath: "#/properties/publishedYears/items/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9999 }, message: "must be <= 9999" };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
            if (data4 < 2008 || isNaN(data4)) {
              const err9 = { instancePath: instancePath + "/publishedYears/" + i0, schemaPath: "#/properties/publishedYears/items/minimum", keyword: "minimum", params: { comparison: ">=", limit: 2008 }, message: "must be >= 2008" };
              if (vErrors === null) {
                vErrors = [err9];
              } else {
                vErrors.push(err9);
              }
              errors++;
            }
          }
        }
        let i1 = data3.length;
        let j0;
        if (i1 > 1) {
          const indices0 = {};
          for (; i1--; ) {
            let item0 = data3[i1];
            if (!(typeof item0 == "number" && (!(item0 % 1) && !isNaN(item0)))) {
              continue;
            }
            if (typeof indices0[item0] == "number") {
              j0 = indices0[item0];
              const err10 = { instancePath: instancePath + "/publishedYears", schemaPath: "#/properties/publishedYears/uniqueItems", keyword: "uniqueItems", params: { i: i1, j: j0 }, message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)" };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
              break;
            }
            indices0[item0] = i1;
          }
        }
      } else {
        const err11 = { instancePath: instancePath + "/publishedYears", schemaPath: "#/properties/publishedYears/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.files !== void 0) {
      let data5 = data.files;
      if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
        for (const key1 in data5) {
          if (!pattern25.test(key1)) {
            const err12 = { instancePath: instancePath + "/files", schemaPath: "#/properties/files/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
        for (const key2 in data5) {
          if (pattern25.test(key2)) {
            let data6 = data5[key2];
            if (typeof data6 === "string") {
              if (!pattern27.test(data6)) {
                const err13 = { instancePath: instancePath + "/files/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/files/patternProperties/%5E%5B0-9%5D%7B4%7D%5C.json%24/pattern", keyword: "pattern", params: { pattern: "^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$" }, message: 'must match pattern "^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$"' };
                if (vErrors === null) {
                  vErrors = [err13];
                } else {
                  vErrors.push(err13);
                }
                errors++;
              }
            } else {
              const err14 = { instancePath: instancePath + "/files/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/files/patternProperties/%5E%5B0-9%5D%7B4%7D%5C.json%24/type", keyword: "type", params: { type: "string" }, message: "must be string" };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/files", schemaPath: "#/properties/files/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
  } else {
    const err16 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err16];
    } else {
      vErrors.push(err16);
    }
    errors++;
  }
  validate11.errors = vErrors;
  return errors === 0;
}
export {
  checkArrangementShape,
  checkManifestShape
};
