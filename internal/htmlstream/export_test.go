package htmlstream

import "reflect"

func reflectValue(v any) reflect.Value { return reflect.ValueOf(v) }
