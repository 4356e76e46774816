/* eslint-disable */
// @ts-nocheck
// Generated from scripts/writer-state-schema.ts by npm run docs:generate (scripts/data-file-documents.ts); do not edit.
// Ajv standalone code of the writer state's JSON Schema, whole and field by field; writer-state.ts types it.
// <stdin>
var checkWriterStateFile = validate10;
var schema11 = { "type": "object", "required": ["version", "heldEventsSent", "announcedVersion", "transitions", "pending", "webhooks"], "properties": { "version": { "type": "number", "const": 1 }, "sync": { "type": "object", "required": ["lastAttempt", "lastSuccess", "outcomes"], "properties": { "lastAttempt": { "anyOf": [{ "type": "string" }, { "type": "null" }] }, "lastSuccess": { "anyOf": [{ "type": "string" }, { "type": "null" }] }, "outcomes": { "type": "array", "items": { "type": "object", "required": ["year", "outcome", "detail"], "properties": { "year": { "type": "integer" }, "outcome": { "type": "string" }, "detail": { "type": "string" } } } } } }, "heldEventsSent": { "type": "array", "items": { "type": "string" } }, "announced": { "type": "object", "patternProperties": { "^[0-9]{4}$": { "type": "object", "required": ["digest", "days", "notices"], "properties": { "digest": { "type": "string" }, "days": { "type": "object", "patternProperties": { "^.*$": { "enum": ["rest", "work"] } } }, "notices": { "type": "array", "items": { "type": "string" } } }, "additionalProperties": false } } }, "announcedVersion": { "anyOf": [{ "type": "string" }, { "type": "null" }] }, "transitions": { "type": "integer", "minimum": 0 }, "pending": { "type": "array", "items": { "type": "object", "required": ["event", "url", "attempts"], "properties": { "event": { "type": "object", "required": ["id", "type"], "properties": { "id": { "type": "string" }, "type": { "type": "string" } } }, "url": { "type": "string" }, "attempts": { "type": "integer", "minimum": 0 } } } }, "webhooks": { "type": "object", "required": ["delivered", "failed", "failedAttempts"], "properties": { "delivered": { "type": "integer", "minimum": 0 }, "failed": { "type": "integer", "minimum": 0 }, "failedAttempts": { "type": "integer", "minimum": 0 } }, "additionalProperties": false } }, "additionalProperties": false };
var pattern0 = new RegExp("^[0-9]{4}$", "u");
var pattern1 = new RegExp("^.*$", "u");
function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.version === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "version" }, message: "must have required property 'version'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.heldEventsSent === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "heldEventsSent" }, message: "must have required property 'heldEventsSent'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.announcedVersion === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "announcedVersion" }, message: "must have required property 'announcedVersion'" };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.transitions === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "transitions" }, message: "must have required property 'transitions'" };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.pending === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "pending" }, message: "must have required property 'pending'" };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.webhooks === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "webhooks" }, message: "must have required property 'webhooks'" };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "version" || key0 === "sync" || key0 === "heldEventsSent" || key0 === "announced" || key0 === "announcedVersion" || key0 === "transitions" || key0 === "pending" || key0 === "webhooks")) {
        const err6 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.version !== void 0) {
      let data0 = data.version;
      if (!(typeof data0 == "number")) {
        const err7 = { instancePath: instancePath + "/version", schemaPath: "#/properties/version/type", keyword: "type", params: { type: "number" }, message: "must be number" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (1 !== data0) {
        const err8 = { instancePath: instancePath + "/version", schemaPath: "#/properties/version/const", keyword: "const", params: { allowedValue: 1 }, message: "must be equal to constant" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.sync !== void 0) {
      let data1 = data.sync;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        if (data1.lastAttempt === void 0) {
          const err9 = { instancePath: instancePath + "/sync", schemaPath: "#/properties/sync/required", keyword: "required", params: { missingProperty: "lastAttempt" }, message: "must have required property 'lastAttempt'" };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
        if (data1.lastSuccess === void 0) {
          const err10 = { instancePath: instancePath + "/sync", schemaPath: "#/properties/sync/required", keyword: "required", params: { missingProperty: "lastSuccess" }, message: "must have required property 'lastSuccess'" };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
        if (data1.outcomes === void 0) {
          const err11 = { instancePath: instancePath + "/sync", schemaPath: "#/properties/sync/required", keyword: "required", params: { missingProperty: "outcomes" }, message: "must have required property 'outcomes'" };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
        if (data1.lastAttempt !== void 0) {
          let data2 = data1.lastAttempt;
          const _errs7 = errors;
          let valid2 = false;
          const _errs8 = errors;
          if (typeof data2 !== "string") {
            const err12 = { instancePath: instancePath + "/sync/lastAttempt", schemaPath: "#/properties/sync/properties/lastAttempt/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
          var _valid0 = _errs8 === errors;
          valid2 = valid2 || _valid0;
          if (!valid2) {
            const _errs10 = errors;
            if (data2 !== null) {
              const err13 = { instancePath: instancePath + "/sync/lastAttempt", schemaPath: "#/properties/sync/properties/lastAttempt/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
            var _valid0 = _errs10 === errors;
            valid2 = valid2 || _valid0;
          }
          if (!valid2) {
            const err14 = { instancePath: instancePath + "/sync/lastAttempt", schemaPath: "#/properties/sync/properties/lastAttempt/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          } else {
            errors = _errs7;
            if (vErrors !== null) {
              if (_errs7) {
                vErrors.length = _errs7;
              } else {
                vErrors = null;
              }
            }
          }
        }
        if (data1.lastSuccess !== void 0) {
          let data3 = data1.lastSuccess;
          const _errs13 = errors;
          let valid3 = false;
          const _errs14 = errors;
          if (typeof data3 !== "string") {
            const err15 = { instancePath: instancePath + "/sync/lastSuccess", schemaPath: "#/properties/sync/properties/lastSuccess/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
          var _valid1 = _errs14 === errors;
          valid3 = valid3 || _valid1;
          if (!valid3) {
            const _errs16 = errors;
            if (data3 !== null) {
              const err16 = { instancePath: instancePath + "/sync/lastSuccess", schemaPath: "#/properties/sync/properties/lastSuccess/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
            var _valid1 = _errs16 === errors;
            valid3 = valid3 || _valid1;
          }
          if (!valid3) {
            const err17 = { instancePath: instancePath + "/sync/lastSuccess", schemaPath: "#/properties/sync/properties/lastSuccess/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          } else {
            errors = _errs13;
            if (vErrors !== null) {
              if (_errs13) {
                vErrors.length = _errs13;
              } else {
                vErrors = null;
              }
            }
          }
        }
        if (data1.outcomes !== void 0) {
          let data4 = data1.outcomes;
          if (Array.isArray(data4)) {
            const len0 = data4.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data5 = data4[i0];
              if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
                if (data5.year === void 0) {
                  const err18 = { instancePath: instancePath + "/sync/outcomes/" + i0, schemaPath: "#/properties/sync/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "year" }, message: "must have required property 'year'" };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
                if (data5.outcome === void 0) {
                  const err19 = { instancePath: instancePath + "/sync/outcomes/" + i0, schemaPath: "#/properties/sync/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "outcome" }, message: "must have required property 'outcome'" };
                  if (vErrors === null) {
                    vErrors = [err19];
                  } else {
                    vErrors.push(err19);
                  }
                  errors++;
                }
                if (data5.detail === void 0) {
                  const err20 = { instancePath: instancePath + "/sync/outcomes/" + i0, schemaPath: "#/properties/sync/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "detail" }, message: "must have required property 'detail'" };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
                if (data5.year !== void 0) {
                  let data6 = data5.year;
                  if (!(typeof data6 == "number" && (!(data6 % 1) && !isNaN(data6)))) {
                    const err21 = { instancePath: instancePath + "/sync/outcomes/" + i0 + "/year", schemaPath: "#/properties/sync/properties/outcomes/items/properties/year/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
                    if (vErrors === null) {
                      vErrors = [err21];
                    } else {
                      vErrors.push(err21);
                    }
                    errors++;
                  }
                }
                if (data5.outcome !== void 0) {
                  if (typeof data5.outcome !== "string") {
                    const err22 = { instancePath: instancePath + "/sync/outcomes/" + i0 + "/outcome", schemaPath: "#/properties/sync/properties/outcomes/items/properties/outcome/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err22];
                    } else {
                      vErrors.push(err22);
                    }
                    errors++;
                  }
                }
                if (data5.detail !== void 0) {
                  if (typeof data5.detail !== "string") {
                    const err23 = { instancePath: instancePath + "/sync/outcomes/" + i0 + "/detail", schemaPath: "#/properties/sync/properties/outcomes/items/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err23];
                    } else {
                      vErrors.push(err23);
                    }
                    errors++;
                  }
                }
              } else {
                const err24 = { instancePath: instancePath + "/sync/outcomes/" + i0, schemaPath: "#/properties/sync/properties/outcomes/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
          } else {
            const err25 = { instancePath: instancePath + "/sync/outcomes", schemaPath: "#/properties/sync/properties/outcomes/type", keyword: "type", params: { type: "array" }, message: "must be array" };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
      } else {
        const err26 = { instancePath: instancePath + "/sync", schemaPath: "#/properties/sync/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
    }
    if (data.heldEventsSent !== void 0) {
      let data9 = data.heldEventsSent;
      if (Array.isArray(data9)) {
        const len1 = data9.length;
        for (let i1 = 0; i1 < len1; i1++) {
          if (typeof data9[i1] !== "string") {
            const err27 = { instancePath: instancePath + "/heldEventsSent/" + i1, schemaPath: "#/properties/heldEventsSent/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err27];
            } else {
              vErrors.push(err27);
            }
            errors++;
          }
        }
      } else {
        const err28 = { instancePath: instancePath + "/heldEventsSent", schemaPath: "#/properties/heldEventsSent/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
    if (data.announced !== void 0) {
      let data11 = data.announced;
      if (data11 && typeof data11 == "object" && !Array.isArray(data11)) {
        for (const key1 in data11) {
          if (pattern0.test(key1)) {
            let data12 = data11[key1];
            if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
              if (data12.digest === void 0) {
                const err29 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "digest" }, message: "must have required property 'digest'" };
                if (vErrors === null) {
                  vErrors = [err29];
                } else {
                  vErrors.push(err29);
                }
                errors++;
              }
              if (data12.days === void 0) {
                const err30 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "days" }, message: "must have required property 'days'" };
                if (vErrors === null) {
                  vErrors = [err30];
                } else {
                  vErrors.push(err30);
                }
                errors++;
              }
              if (data12.notices === void 0) {
                const err31 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "notices" }, message: "must have required property 'notices'" };
                if (vErrors === null) {
                  vErrors = [err31];
                } else {
                  vErrors.push(err31);
                }
                errors++;
              }
              for (const key2 in data12) {
                if (!(key2 === "digest" || key2 === "days" || key2 === "notices")) {
                  const err32 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties" };
                  if (vErrors === null) {
                    vErrors = [err32];
                  } else {
                    vErrors.push(err32);
                  }
                  errors++;
                }
              }
              if (data12.digest !== void 0) {
                if (typeof data12.digest !== "string") {
                  const err33 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/digest", schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/digest/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                  if (vErrors === null) {
                    vErrors = [err33];
                  } else {
                    vErrors.push(err33);
                  }
                  errors++;
                }
              }
              if (data12.days !== void 0) {
                let data14 = data12.days;
                if (data14 && typeof data14 == "object" && !Array.isArray(data14)) {
                  for (const key3 in data14) {
                    if (pattern1.test(key3)) {
                      let data15 = data14[key3];
                      if (!(data15 === "rest" || data15 === "work")) {
                        const err34 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/days/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/days/patternProperties/%5E.*%24/enum", keyword: "enum", params: { allowedValues: schema11.properties.announced.patternProperties["^[0-9]{4}$"].properties.days.patternProperties["^.*$"].enum }, message: "must be equal to one of the allowed values" };
                        if (vErrors === null) {
                          vErrors = [err34];
                        } else {
                          vErrors.push(err34);
                        }
                        errors++;
                      }
                    }
                  }
                } else {
                  const err35 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/days", schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/days/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
              }
              if (data12.notices !== void 0) {
                let data16 = data12.notices;
                if (Array.isArray(data16)) {
                  const len2 = data16.length;
                  for (let i2 = 0; i2 < len2; i2++) {
                    if (typeof data16[i2] !== "string") {
                      const err36 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/notices/" + i2, schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/notices/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                      if (vErrors === null) {
                        vErrors = [err36];
                      } else {
                        vErrors.push(err36);
                      }
                      errors++;
                    }
                  }
                } else {
                  const err37 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1") + "/notices", schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/notices/type", keyword: "type", params: { type: "array" }, message: "must be array" };
                  if (vErrors === null) {
                    vErrors = [err37];
                  } else {
                    vErrors.push(err37);
                  }
                  errors++;
                }
              }
            } else {
              const err38 = { instancePath: instancePath + "/announced/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/announced/patternProperties/%5E%5B0-9%5D%7B4%7D%24/type", keyword: "type", params: { type: "object" }, message: "must be object" };
              if (vErrors === null) {
                vErrors = [err38];
              } else {
                vErrors.push(err38);
              }
              errors++;
            }
          }
        }
      } else {
        const err39 = { instancePath: instancePath + "/announced", schemaPath: "#/properties/announced/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err39];
        } else {
          vErrors.push(err39);
        }
        errors++;
      }
    }
    if (data.announcedVersion !== void 0) {
      let data18 = data.announcedVersion;
      const _errs47 = errors;
      let valid14 = false;
      const _errs48 = errors;
      if (typeof data18 !== "string") {
        const err40 = { instancePath: instancePath + "/announcedVersion", schemaPath: "#/properties/announcedVersion/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err40];
        } else {
          vErrors.push(err40);
        }
        errors++;
      }
      var _valid2 = _errs48 === errors;
      valid14 = valid14 || _valid2;
      if (!valid14) {
        const _errs50 = errors;
        if (data18 !== null) {
          const err41 = { instancePath: instancePath + "/announcedVersion", schemaPath: "#/properties/announcedVersion/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
          if (vErrors === null) {
            vErrors = [err41];
          } else {
            vErrors.push(err41);
          }
          errors++;
        }
        var _valid2 = _errs50 === errors;
        valid14 = valid14 || _valid2;
      }
      if (!valid14) {
        const err42 = { instancePath: instancePath + "/announcedVersion", schemaPath: "#/properties/announcedVersion/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err42];
        } else {
          vErrors.push(err42);
        }
        errors++;
      } else {
        errors = _errs47;
        if (vErrors !== null) {
          if (_errs47) {
            vErrors.length = _errs47;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.transitions !== void 0) {
      let data19 = data.transitions;
      if (!(typeof data19 == "number" && (!(data19 % 1) && !isNaN(data19)))) {
        const err43 = { instancePath: instancePath + "/transitions", schemaPath: "#/properties/transitions/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err43];
        } else {
          vErrors.push(err43);
        }
        errors++;
      }
      if (typeof data19 == "number") {
        if (data19 < 0 || isNaN(data19)) {
          const err44 = { instancePath: instancePath + "/transitions", schemaPath: "#/properties/transitions/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err44];
          } else {
            vErrors.push(err44);
          }
          errors++;
        }
      }
    }
    if (data.pending !== void 0) {
      let data20 = data.pending;
      if (Array.isArray(data20)) {
        const len3 = data20.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data21 = data20[i3];
          if (data21 && typeof data21 == "object" && !Array.isArray(data21)) {
            if (data21.event === void 0) {
              const err45 = { instancePath: instancePath + "/pending/" + i3, schemaPath: "#/properties/pending/items/required", keyword: "required", params: { missingProperty: "event" }, message: "must have required property 'event'" };
              if (vErrors === null) {
                vErrors = [err45];
              } else {
                vErrors.push(err45);
              }
              errors++;
            }
            if (data21.url === void 0) {
              const err46 = { instancePath: instancePath + "/pending/" + i3, schemaPath: "#/properties/pending/items/required", keyword: "required", params: { missingProperty: "url" }, message: "must have required property 'url'" };
              if (vErrors === null) {
                vErrors = [err46];
              } else {
                vErrors.push(err46);
              }
              errors++;
            }
            if (data21.attempts === void 0) {
              const err47 = { instancePath: instancePath + "/pending/" + i3, schemaPath: "#/properties/pending/items/required", keyword: "required", params: { missingProperty: "attempts" }, message: "must have required property 'attempts'" };
              if (vErrors === null) {
                vErrors = [err47];
              } else {
                vErrors.push(err47);
              }
              errors++;
            }
            if (data21.event !== void 0) {
              let data22 = data21.event;
              if (data22 && typeof data22 == "object" && !Array.isArray(data22)) {
                if (data22.id === void 0) {
                  const err48 = { instancePath: instancePath + "/pending/" + i3 + "/event", schemaPath: "#/properties/pending/items/properties/event/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'" };
                  if (vErrors === null) {
                    vErrors = [err48];
                  } else {
                    vErrors.push(err48);
                  }
                  errors++;
                }
                if (data22.type === void 0) {
                  const err49 = { instancePath: instancePath + "/pending/" + i3 + "/event", schemaPath: "#/properties/pending/items/properties/event/required", keyword: "required", params: { missingProperty: "type" }, message: "must have required property 'type'" };
                  if (vErrors === null) {
                    vErrors = [err49];
                  } else {
                    vErrors.push(err49);
                  }
                  errors++;
                }
                if (data22.id !== void 0) {
                  if (typeof data22.id !== "string") {
                    const err50 = { instancePath: instancePath + "/pending/" + i3 + "/event/id", schemaPath: "#/properties/pending/items/properties/event/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err50];
                    } else {
                      vErrors.push(err50);
                    }
                    errors++;
                  }
                }
                if (data22.type !== void 0) {
                  if (typeof data22.type !== "string") {
                    const err51 = { instancePath: instancePath + "/pending/" + i3 + "/event/type", schemaPath: "#/properties/pending/items/properties/event/properties/type/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                    if (vErrors === null) {
                      vErrors = [err51];
                    } else {
                      vErrors.push(err51);
                    }
                    errors++;
                  }
                }
              } else {
                const err52 = { instancePath: instancePath + "/pending/" + i3 + "/event", schemaPath: "#/properties/pending/items/properties/event/type", keyword: "type", params: { type: "object" }, message: "must be object" };
                if (vErrors === null) {
                  vErrors = [err52];
                } else {
                  vErrors.push(err52);
                }
                errors++;
              }
            }
            if (data21.url !== void 0) {
              if (typeof data21.url !== "string") {
                const err53 = { instancePath: instancePath + "/pending/" + i3 + "/url", schemaPath: "#/properties/pending/items/properties/url/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err53];
                } else {
                  vErrors.push(err53);
                }
                errors++;
              }
            }
            if (data21.attempts !== void 0) {
              let data26 = data21.attempts;
              if (!(typeof data26 == "number" && (!(data26 % 1) && !isNaN(data26)))) {
                const err54 = { instancePath: instancePath + "/pending/" + i3 + "/attempts", schemaPath: "#/properties/pending/items/properties/attempts/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
                if (vErrors === null) {
                  vErrors = [err54];
                } else {
                  vErrors.push(err54);
                }
                errors++;
              }
              if (typeof data26 == "number") {
                if (data26 < 0 || isNaN(data26)) {
                  const err55 = { instancePath: instancePath + "/pending/" + i3 + "/attempts", schemaPath: "#/properties/pending/items/properties/attempts/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
                  if (vErrors === null) {
                    vErrors = [err55];
                  } else {
                    vErrors.push(err55);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err56 = { instancePath: instancePath + "/pending/" + i3, schemaPath: "#/properties/pending/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err56];
            } else {
              vErrors.push(err56);
            }
            errors++;
          }
        }
      } else {
        const err57 = { instancePath: instancePath + "/pending", schemaPath: "#/properties/pending/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err57];
        } else {
          vErrors.push(err57);
        }
        errors++;
      }
    }
    if (data.webhooks !== void 0) {
      let data27 = data.webhooks;
      if (data27 && typeof data27 == "object" && !Array.isArray(data27)) {
        if (data27.delivered === void 0) {
          const err58 = { instancePath: instancePath + "/webhooks", schemaPath: "#/properties/webhooks/required", keyword: "required", params: { missingProperty: "delivered" }, message: "must have required property 'delivered'" };
          if (vErrors === null) {
            vErrors = [err58];
          } else {
            vErrors.push(err58);
          }
          errors++;
        }
        if (data27.failed === void 0) {
          const err59 = { instancePath: instancePath + "/webhooks", schemaPath: "#/properties/webhooks/required", keyword: "required", params: { missingProperty: "failed" }, message: "must have required property 'failed'" };
          if (vErrors === null) {
            vErrors = [err59];
          } else {
            vErrors.push(err59);
          }
          errors++;
        }
        if (data27.failedAttempts === void 0) {
          const err60 = { instancePath: instancePath + "/webhooks", schemaPath: "#/properties/webhooks/required", keyword: "required", params: { missingProperty: "failedAttempts" }, message: "must have required property 'failedAttempts'" };
          if (vErrors === null) {
            vErrors = [err60];
          } else {
            vErrors.push(err60);
          }
          errors++;
        }
        for (const key4 in data27) {
          if (!(key4 === "delivered" || key4 === "failed" || key4 === "failedAttempts")) {
            const err61 = { instancePath: instancePath + "/webhooks", schemaPath: "#/properties/webhooks/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties" };
            if (vErrors === null) {
              vErrors = [err61];
            } else {
              vErrors.push(err61);
            }
            errors++;
          }
        }
        if (data27.delivered !== void 0) {
          let data28 = data27.delivered;
          if (!(typeof data28 == "number" && (!(data28 % 1) && !isNaN(data28)))) {
            const err62 = { instancePath: instancePath + "/webhooks/delivered", schemaPath: "#/properties/webhooks/properties/delivered/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
            if (vErrors === null) {
              vErrors = [err62];
            } else {
              vErrors.push(err62);
            }
            errors++;
          }
          if (typeof data28 == "number") {
            if (data28 < 0 || isNaN(data28)) {
              const err63 = { instancePath: instancePath + "/webhooks/delivered", schemaPath: "#/properties/webhooks/properties/delivered/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
              if (vErrors === null) {
                vErrors = [err63];
              } else {
                vErrors.push(err63);
              }
              errors++;
            }
          }
        }
        if (data27.failed !== void 0) {
          let data29 = data27.failed;
          if (!(typeof data29 == "number" && (!(data29 % 1) && !isNaN(data29)))) {
            const err64 = { instancePath: instancePath + "/webhooks/failed", schemaPath: "#/properties/webhooks/properties/failed/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
            if (vErrors === null) {
              vErrors = [err64];
            } else {
              vErrors.push(err64);
            }
            errors++;
          }
          if (typeof data29 == "number") {
            if (data29 < 0 || isNaN(data29)) {
              const err65 = { instancePath: instancePath + "/webhooks/failed", schemaPath: "#/properties/webhooks/properties/failed/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
              if (vErrors === null) {
                vErrors = [err65];
              } else {
                vErrors.push(err65);
              }
              errors++;
            }
          }
        }
        if (data27.failedAttempts !== void 0) {
          let data30 = data27.failedAttempts;
          if (!(typeof data30 == "number" && (!(data30 % 1) && !isNaN(data30)))) {
            const err66 = { instancePath: instancePath + "/webhooks/failedAttempts", schemaPath: "#/properties/webhooks/properties/failedAttempts/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
            if (vErrors === null) {
              vErrors = [err66];
            } else {
              vErrors.push(err66);
            }
            errors++;
          }
          if (typeof data30 == "number") {
            if (data30 < 0 || isNaN(data30)) {
              const err67 = { instancePath: instancePath + "/webhooks/failedAttempts", schemaPath: "#/properties/webhooks/properties/failedAttempts/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
              if (vErrors === null) {
                vErrors = [err67];
              } else {
                vErrors.push(err67);
              }
              errors++;
            }
          }
        }
      } else {
        const err68 = { instancePath: instancePath + "/webhooks", schemaPath: "#/properties/webhooks/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err68];
        } else {
          vErrors.push(err68);
        }
        errors++;
      }
    }
  } else {
    const err69 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err69];
    } else {
      vErrors.push(err69);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}
var checkSync = validate11;
function validate11(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.lastAttempt === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "lastAttempt" }, message: "must have required property 'lastAttempt'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.lastSuccess === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "lastSuccess" }, message: "must have required property 'lastSuccess'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.outcomes === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "outcomes" }, message: "must have required property 'outcomes'" };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.lastAttempt !== void 0) {
      let data0 = data.lastAttempt;
      const _errs2 = errors;
      let valid1 = false;
      const _errs3 = errors;
      if (typeof data0 !== "string") {
        const err3 = { instancePath: instancePath + "/lastAttempt", schemaPath: "#/properties/lastAttempt/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      var _valid0 = _errs3 === errors;
      valid1 = valid1 || _valid0;
      if (!valid1) {
        const _errs5 = errors;
        if (data0 !== null) {
          const err4 = { instancePath: instancePath + "/lastAttempt", schemaPath: "#/properties/lastAttempt/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        var _valid0 = _errs5 === errors;
        valid1 = valid1 || _valid0;
      }
      if (!valid1) {
        const err5 = { instancePath: instancePath + "/lastAttempt", schemaPath: "#/properties/lastAttempt/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      } else {
        errors = _errs2;
        if (vErrors !== null) {
          if (_errs2) {
            vErrors.length = _errs2;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.lastSuccess !== void 0) {
      let data1 = data.lastSuccess;
      const _errs8 = errors;
      let valid2 = false;
      const _errs9 = errors;
      if (typeof data1 !== "string") {
        const err6 = { instancePath: instancePath + "/lastSuccess", schemaPath: "#/properties/lastSuccess/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      var _valid1 = _errs9 === errors;
      valid2 = valid2 || _valid1;
      if (!valid2) {
        const _errs11 = errors;
        if (data1 !== null) {
          const err7 = { instancePath: instancePath + "/lastSuccess", schemaPath: "#/properties/lastSuccess/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        var _valid1 = _errs11 === errors;
        valid2 = valid2 || _valid1;
      }
      if (!valid2) {
        const err8 = { instancePath: instancePath + "/lastSuccess", schemaPath: "#/properties/lastSuccess/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      } else {
        errors = _errs8;
        if (vErrors !== null) {
          if (_errs8) {
            vErrors.length = _errs8;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.outcomes !== void 0) {
      let data2 = data.outcomes;
      if (Array.isArray(data2)) {
        const len0 = data2.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data3 = data2[i0];
          if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
            if (data3.year === void 0) {
              const err9 = { instancePath: instancePath + "/outcomes/" + i0, schemaPath: "#/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "year" }, message: "must have required property 'year'" };
              if (vErrors === null) {
                vErrors = [err9];
              } else {
                vErrors.push(err9);
              }
              errors++;
            }
            if (data3.outcome === void 0) {
              const err10 = { instancePath: instancePath + "/outcomes/" + i0, schemaPath: "#/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "outcome" }, message: "must have required property 'outcome'" };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
            if (data3.detail === void 0) {
              const err11 = { instancePath: instancePath + "/outcomes/" + i0, schemaPath: "#/properties/outcomes/items/required", keyword: "required", params: { missingProperty: "detail" }, message: "must have required property 'detail'" };
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            }
            if (data3.year !== void 0) {
              let data4 = data3.year;
              if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
                const err12 = { instancePath: instancePath + "/outcomes/" + i0 + "/year", schemaPath: "#/properties/outcomes/items/properties/year/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
                if (vErrors === null) {
                  vErrors = [err12];
                } else {
                  vErrors.push(err12);
                }
                errors++;
              }
            }
            if (data3.outcome !== void 0) {
              if (typeof data3.outcome !== "string") {
                const err13 = { instancePath: instancePath + "/outcomes/" + i0 + "/outcome", schemaPath: "#/properties/outcomes/items/properties/outcome/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err13];
                } else {
                  vErrors.push(err13);
                }
                errors++;
              }
            }
            if (data3.detail !== void 0) {
              if (typeof data3.detail !== "string") {
                const err14 = { instancePath: instancePath + "/outcomes/" + i0 + "/detail", schemaPath: "#/properties/outcomes/items/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                if (vErrors === null) {
                  vErrors = [err14];
                } else {
                  vErrors.push(err14);
                }
                errors++;
              }
            }
          } else {
            const err15 = { instancePath: instancePath + "/outcomes/" + i0, schemaPath: "#/properties/outcomes/items/type", keyword: "type", params: { type: "object" }, message: "must be object" };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
      } else {
        const err16 = { instancePath: instancePath + "/outcomes", schemaPath: "#/properties/outcomes/type", keyword: "type", params: { type: "array" }, message: "must be array" };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
    }
  } else {
    const err17 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err17];
    } else {
      vErrors.push(err17);
    }
    errors++;
  }
  validate11.errors = vErrors;
  return errors === 0;
}
var checkHeldEventsSentItem = validate12;
function validate12(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (typeof data !== "string") {
    const err0 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "string" }, message: "must be string" };
    if (vErrors === null) {
      vErrors = [err0];
    } else {
      vErrors.push(err0);
    }
    errors++;
  }
  validate12.errors = vErrors;
  return errors === 0;
}
var checkAnnounced = validate13;
var schema14 = { "type": "object", "patternProperties": { "^[0-9]{4}$": { "type": "object", "required": ["digest", "days", "notices"], "properties": { "digest": { "type": "string" }, "days": { "type": "object", "patternProperties": { "^.*$": { "enum": ["rest", "work"] } } }, "notices": { "type": "array", "items": { "type": "string" } } }, "additionalProperties": false } } };
function validate13(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (pattern0.test(key0)) {
        let data0 = data[key0];
        if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
          if (data0.digest === void 0) {
            const err0 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "digest" }, message: "must have required property 'digest'" };
            if (vErrors === null) {
              vErrors = [err0];
            } else {
              vErrors.push(err0);
            }
            errors++;
          }
          if (data0.days === void 0) {
            const err1 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "days" }, message: "must have required property 'days'" };
            if (vErrors === null) {
              vErrors = [err1];
            } else {
              vErrors.push(err1);
            }
            errors++;
          }
          if (data0.notices === void 0) {
            const err2 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/required", keyword: "required", params: { missingProperty: "notices" }, message: "must have required property 'notices'" };
            if (vErrors === null) {
              vErrors = [err2];
            } else {
              vErrors.push(err2);
            }
            errors++;
          }
          for (const key1 in data0) {
            if (!(key1 === "digest" || key1 === "days" || key1 === "notices")) {
              const err3 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties" };
              if (vErrors === null) {
                vErrors = [err3];
              } else {
                vErrors.push(err3);
              }
              errors++;
            }
          }
          if (data0.digest !== void 0) {
            if (typeof data0.digest !== "string") {
              const err4 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1") + "/digest", schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/digest/type", keyword: "type", params: { type: "string" }, message: "must be string" };
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            }
          }
          if (data0.days !== void 0) {
            let data2 = data0.days;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              for (const key2 in data2) {
                if (pattern1.test(key2)) {
                  let data3 = data2[key2];
                  if (!(data3 === "rest" || data3 === "work")) {
                    const err5 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1") + "/days/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/days/patternProperties/%5E.*%24/enum", keyword: "enum", params: { allowedValues: schema14.patternProperties["^[0-9]{4}$"].properties.days.patternProperties["^.*$"].enum }, message: "must be equal to one of the allowed values" };
                    if (vErrors === null) {
                      vErrors = [err5];
                    } else {
                      vErrors.push(err5);
                    }
                    errors++;
                  }
                }
              }
            } else {
              const err6 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1") + "/days", schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/days/type", keyword: "type", params: { type: "object" }, message: "must be object" };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          }
          if (data0.notices !== void 0) {
            let data4 = data0.notices;
            if (Array.isArray(data4)) {
              const len0 = data4.length;
              for (let i0 = 0; i0 < len0; i0++) {
                if (typeof data4[i0] !== "string") {
                  const err7 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1") + "/notices/" + i0, schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/notices/items/type", keyword: "type", params: { type: "string" }, message: "must be string" };
                  if (vErrors === null) {
                    vErrors = [err7];
                  } else {
                    vErrors.push(err7);
                  }
                  errors++;
                }
              }
            } else {
              const err8 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1") + "/notices", schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/properties/notices/type", keyword: "type", params: { type: "array" }, message: "must be array" };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          }
        } else {
          const err9 = { instancePath: instancePath + "/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/patternProperties/%5E%5B0-9%5D%7B4%7D%24/type", keyword: "type", params: { type: "object" }, message: "must be object" };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
  } else {
    const err10 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  }
  validate13.errors = vErrors;
  return errors === 0;
}
var checkAnnouncedVersion = validate14;
function validate14(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  const _errs0 = errors;
  let valid0 = false;
  const _errs1 = errors;
  if (typeof data !== "string") {
    const err0 = { instancePath, schemaPath: "#/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string" };
    if (vErrors === null) {
      vErrors = [err0];
    } else {
      vErrors.push(err0);
    }
    errors++;
  }
  var _valid0 = _errs1 === errors;
  valid0 = valid0 || _valid0;
  if (!valid0) {
    const _errs3 = errors;
    if (data !== null) {
      const err1 = { instancePath, schemaPath: "#/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    var _valid0 = _errs3 === errors;
    valid0 = valid0 || _valid0;
  }
  if (!valid0) {
    const err2 = { instancePath, schemaPath: "#/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf" };
    if (vErrors === null) {
      vErrors = [err2];
    } else {
      vErrors.push(err2);
    }
    errors++;
  } else {
    errors = _errs0;
    if (vErrors !== null) {
      if (_errs0) {
        vErrors.length = _errs0;
      } else {
        vErrors = null;
      }
    }
  }
  validate14.errors = vErrors;
  return errors === 0;
}
var checkTransitions = validate15;
function validate15(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (!(typeof data == "number" && (!(data % 1) && !isNaN(data)))) {
    const err0 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
    if (vErrors === null) {
      vErrors = [err0];
    } else {
      vErrors.push(err0);
    }
    errors++;
  }
  if (typeof data == "number") {
    if (data < 0 || isNaN(data)) {
      const err1 = { instancePath, schemaPath: "#/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
  }
  validate15.errors = vErrors;
  return errors === 0;
}
var checkPendingItem = validate16;
function validate16(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.event === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "event" }, message: "must have required property 'event'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.url === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "url" }, message: "must have required property 'url'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.attempts === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "attempts" }, message: "must have required property 'attempts'" };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.event !== void 0) {
      let data0 = data.event;
      if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
        if (data0.id === void 0) {
          const err3 = { instancePath: instancePath + "/event", schemaPath: "#/properties/event/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'" };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (data0.type === void 0) {
          const err4 = { instancePath: instancePath + "/event", schemaPath: "#/properties/event/required", keyword: "required", params: { missingProperty: "type" }, message: "must have required property 'type'" };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (data0.id !== void 0) {
          if (typeof data0.id !== "string") {
            const err5 = { instancePath: instancePath + "/event/id", schemaPath: "#/properties/event/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
        }
        if (data0.type !== void 0) {
          if (typeof data0.type !== "string") {
            const err6 = { instancePath: instancePath + "/event/type", schemaPath: "#/properties/event/properties/type/type", keyword: "type", params: { type: "string" }, message: "must be string" };
            if (vErrors === null) {
              vErrors = [err6];
            } else {
              vErrors.push(err6);
            }
            errors++;
          }
        }
      } else {
        const err7 = { instancePath: instancePath + "/event", schemaPath: "#/properties/event/type", keyword: "type", params: { type: "object" }, message: "must be object" };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.url !== void 0) {
      if (typeof data.url !== "string") {
        const err8 = { instancePath: instancePath + "/url", schemaPath: "#/properties/url/type", keyword: "type", params: { type: "string" }, message: "must be string" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.attempts !== void 0) {
      let data4 = data.attempts;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
        const err9 = { instancePath: instancePath + "/attempts", schemaPath: "#/properties/attempts/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
      if (typeof data4 == "number") {
        if (data4 < 0 || isNaN(data4)) {
          const err10 = { instancePath: instancePath + "/attempts", schemaPath: "#/properties/attempts/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      }
    }
  } else {
    const err11 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err11];
    } else {
      vErrors.push(err11);
    }
    errors++;
  }
  validate16.errors = vErrors;
  return errors === 0;
}
var checkWebhooks = validate17;
function validate17(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.delivered === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "delivered" }, message: "must have required property 'delivered'" };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.failed === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "failed" }, message: "must have required property 'failed'" };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.failedAttempts === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "failedAttempts" }, message: "must have required property 'failedAttempts'" };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "delivered" || key0 === "failed" || key0 === "failedAttempts")) {
        const err3 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties" };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.delivered !== void 0) {
      let data0 = data.delivered;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err4 = { instancePath: instancePath + "/delivered", schemaPath: "#/properties/delivered/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 < 0 || isNaN(data0)) {
          const err5 = { instancePath: instancePath + "/delivered", schemaPath: "#/properties/delivered/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.failed !== void 0) {
      let data1 = data.failed;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err6 = { instancePath: instancePath + "/failed", schemaPath: "#/properties/failed/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 0 || isNaN(data1)) {
          const err7 = { instancePath: instancePath + "/failed", schemaPath: "#/properties/failed/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    if (data.failedAttempts !== void 0) {
      let data2 = data.failedAttempts;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err8 = { instancePath: instancePath + "/failedAttempts", schemaPath: "#/properties/failedAttempts/type", keyword: "type", params: { type: "integer" }, message: "must be integer" };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 0 || isNaN(data2)) {
          const err9 = { instancePath: instancePath + "/failedAttempts", schemaPath: "#/properties/failedAttempts/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0" };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
  } else {
    const err10 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  }
  validate17.errors = vErrors;
  return errors === 0;
}
export {
  checkAnnounced,
  checkAnnouncedVersion,
  checkHeldEventsSentItem,
  checkPendingItem,
  checkSync,
  checkTransitions,
  checkWebhooks,
  checkWriterStateFile
};
